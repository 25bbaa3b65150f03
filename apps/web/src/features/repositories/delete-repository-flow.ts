import { repositoryDeletedMessage } from '@strata/core/repositories/repository-messages';
import type { TNotificationStore } from '../../shared/notifications/notification-store.ts';

export const exportCompletedMessage = (name: string) => `${name} repository export successfully completed`;
export const exportFailedMessage = (name: string) => `${name} repository export failed`;

export interface TExportDeps {
  exportRepository: (repositoryId: string) => Promise<unknown>;
  /** Hands the export to the user as `<name>.json`. */
  download: (filename: string, data: unknown) => void;
  notifications: Pick<TNotificationStore, 'success' | 'error'>;
}

export interface TDeleteDeps extends TExportDeps {
  deleteRepository: (repositoryId: string) => Promise<unknown>;
  onError: (error: unknown) => void;
}

export function exportFilename(name: string): string {
  return `${name}.json`;
}

/** Export and download; resolves whether it worked (toasts '… export successfully completed' / 'failed'). */
export async function exportAndDownload(
  repository: { id: string; name: string },
  deps: TExportDeps,
): Promise<boolean> {
  try {
    const data = await deps.exportRepository(repository.id);
    deps.download(exportFilename(repository.name), data);
  } catch {
    deps.notifications.error(exportFailedMessage(repository.name));
    return false;
  }
  deps.notifications.success(exportCompletedMessage(repository.name));
  return true;
}

/**
 * Seed §4 repository delete: with 'Export before deleting' (on by default) the export runs first and the
 * repository is deleted only when it succeeded. Resolves whether the repository was deleted.
 */
export async function deleteRepositoryWithExport(
  repository: { id: string; name: string },
  options: { isExportFirst: boolean },
  deps: TDeleteDeps,
): Promise<boolean> {
  if (options.isExportFirst && !(await exportAndDownload(repository, deps))) return false;
  try {
    await deps.deleteRepository(repository.id);
  } catch (error) {
    deps.onError(error);
    return false;
  }
  deps.notifications.success(repositoryDeletedMessage(repository.name));
  return true;
}
