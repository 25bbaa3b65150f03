import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { exportRepository } from '../api/export-repository.ts';
import { exportAndDownload } from '../delete-repository-flow.ts';
import { downloadJson } from '../download-json.ts';
import { CreateRepositoryForm } from './create-repository-form.tsx';
import { DeleteRepositoryDialog } from './delete-repository-dialog.tsx';
import { ImportRepositoryForm } from './import-repository-form.tsx';
import { LiveRepositoryName } from './live-repository-name.tsx';
import { RepositoriesDialog } from './repositories-dialog.tsx';
import type { TRepositoryActions } from './repository-actions.ts';
import { RepositorySettings } from './repository-settings.tsx';

export const REPOSITORIES_DIALOG_ID = 'repositories';

export const repositoryActions: TRepositoryActions = {
  openList() {
    modals.open({
      id: REPOSITORIES_DIALOG_ID,
      kind: 'dialog',
      title: 'Repositories',
      size: 'xl',
      render: () => <RepositoriesDialog actions={repositoryActions} />,
    });
  },
  openCreate(repositories, onCreated) {
    modals.open({
      id: 'repository-create',
      kind: 'dialog',
      title: 'New repository',
      render: ({ close }) => (
        <CreateRepositoryForm
          repositories={repositories}
          onCancel={() => void close()}
          onCreated={(repository) => {
            void close();
            onCreated(repository);
          }}
        />
      ),
    });
  },
  openImport(onImported) {
    modals.open({
      id: 'repository-import',
      kind: 'dialog',
      title: 'Import repository',
      render: ({ close }) => (
        <ImportRepositoryForm
          onStarted={() => void close()}
          onCancel={() => void close()}
          onImported={onImported}
        />
      ),
    });
  },
  openSettings(repository, { userEmail, onUnlinked }) {
    modals.open({
      id: `repository-settings-${repository.id}`,
      kind: 'dialog',
      title: (
        <>
          Repository settings — <LiveRepositoryName repository={repository} />
        </>
      ),
      size: 'lg',
      render: ({ close }) => (
        <RepositorySettings
          repositoryId={repository.id}
          userEmail={userEmail}
          onExport={(current) => void repositoryActions.exportNow(current)}
          onDelete={(current) => repositoryActions.openDelete(current)}
          onUnlinked={() => {
            void close();
            onUnlinked();
          }}
        />
      ),
    });
  },
  openDelete(repository) {
    modals.open({
      id: `repository-delete-${repository.id}`,
      kind: 'action-dialog',
      title: (
        <>
          Delete <LiveRepositoryName repository={repository} />
        </>
      ),
      render: ({ close }) => (
        <DeleteRepositoryDialog
          repository={repository}
          onCancel={() => void close()}
          onDone={() => {
            void close();
            void modals.close(`repository-settings-${repository.id}`);
          }}
        />
      ),
    });
  },
  exportNow(repository) {
    return exportAndDownload(repository, { exportRepository, download: downloadJson, notifications });
  },
};
