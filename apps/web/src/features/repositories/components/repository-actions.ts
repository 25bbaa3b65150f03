import type { TRepository } from '@strata/contracts/repositories';

/**
 * The ways into the repository popups; each is one entry of the shared modal stack. A file of its own so the
 * list dialog can take them without importing the modals that render it (an import circle).
 */
export interface TRepositoryActions {
  openList: () => void;
  openCreate: (repositories: readonly TRepository[], onCreated: (repository: TRepository) => void) => void;
  openImport: (onImported: (repositoryId: string | null) => void) => void;
  openSettings: (
    repository: TRepository,
    context: { userEmail: string | undefined; onUnlinked: () => void },
  ) => void;
  openDelete: (repository: TRepository) => void;
  exportNow: (repository: TRepository) => Promise<boolean>;
}
