import { Tabs, Text } from '@mantine/core';
import type { TRepository } from '@strata/contracts/repositories';
import { useRepositories } from '../api/list-repositories.ts';
import { CollaboratorsTab } from './collaborators-tab.tsx';
import { RepositoryDataTab } from './repository-data-tab.tsx';

/** The settings popup: tabs Data and Collaborators (seed §2), on the live list entry. */
export function RepositorySettings({
  repositoryId,
  userEmail,
  onDelete,
  onExport,
  onUnlinked,
}: {
  repositoryId: string;
  userEmail: string | undefined;
  /** Called with the live entry, so a rename made in this popup names the export and the delete. */
  onDelete: (repository: TRepository) => void;
  onExport: (repository: TRepository) => void;
  onUnlinked: () => void;
}) {
  const repositories = useRepositories();
  const repository = repositories.data?.find((item) => item.id === repositoryId);
  if (!repository) {
    return (
      <Text size="sm">{repositories.isPending ? 'Loading…' : 'This repository is no longer available.'}</Text>
    );
  }
  return (
    <Tabs defaultValue="data" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="data">Data</Tabs.Tab>
        <Tabs.Tab value="collaborators">Collaborators</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="data">
        <RepositoryDataTab
          key={repository.updated_at}
          repository={repository}
          repositories={repositories.data ?? []}
          onDelete={() => onDelete(repository)}
          onExport={() => onExport(repository)}
        />
      </Tabs.Panel>
      <Tabs.Panel value="collaborators">
        <CollaboratorsTab repository={repository} userEmail={userEmail} onUnlinked={onUnlinked} />
      </Tabs.Panel>
    </Tabs>
  );
}
