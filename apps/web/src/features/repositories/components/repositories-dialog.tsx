import {
  ActionIcon,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { TRepository } from '@strata/contracts/repositories';
import {
  IconDownload,
  IconFileImport,
  IconHomeMove,
  IconPlus,
  IconSearch,
  IconSettings,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { modals } from '../../../shared/modals/modal-store.ts';
import { isFeatureInPlan, useOwnPlanHasFeature, usePlans } from '../../subscription/index.ts';
import { filterRepositories, type TRepositoryFilter } from '../repository-list-filter.ts';
import { repositoryPermissions } from '../repository-permissions.ts';
import { useCurrentRepository, useSwitchRepository } from '../use-current-repository.ts';
import { usePlanLimitCheck } from '../use-plan-limits.ts';
import { PendingInvites } from './pending-invites.tsx';
import { showPlanLimitPrompt } from './plan-limit-prompt.ts';
import type { TRepositoryActions } from './repository-actions.ts';
import { RepositoryBadges } from './repository-badges.tsx';

/** The repositories list dialog (seed §2): search and filter, badges, and every repository action. */
export function RepositoriesDialog({ actions }: { actions: TRepositoryActions }) {
  const { repository: current, repositories, userEmail } = useCurrentRepository();
  const switchTo = useSwitchRepository();
  const checkPlanLimit = usePlanLimitCheck();
  const [search, setSearch] = useState('');
  const [filter, setFilter] = useState<TRepositoryFilter>('all');
  const visible = filterRepositories(repositories, { search, filter });
  // Plan features (docs/repositories.md): export follows each repository's owner, import the caller's plan.
  const plans = usePlans().data;
  const canImport = useOwnPlanHasFeature('import');

  const create = async () => {
    const prompt = await checkPlanLimit(repositories);
    if (prompt) {
      showPlanLimitPrompt(prompt);
      return;
    }
    actions.openCreate(repositories, (created) => void switchTo(created.id));
  };

  const openSettings = (repository: TRepository) =>
    actions.openSettings(repository, {
      userEmail,
      onUnlinked: () => undefined,
    });

  return (
    <Stack>
      <PendingInvites />
      <Group justify="space-between" wrap="wrap">
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label="Search repositories"
            placeholder="Search"
            leftSection={<IconSearch size={14} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
          />
          <SegmentedControl
            aria-label="Filter repositories"
            value={filter}
            onChange={(value) => setFilter(value as TRepositoryFilter)}
            data={[
              { value: 'all', label: 'All' },
              { value: 'owned', label: 'Owned' },
              { value: 'shared', label: 'Shared' },
            ]}
          />
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            component={Link}
            to="/move-in"
            leftSection={<IconHomeMove size={16} />}
            onClick={() => modals.closeAll()}
          >
            Move in
          </Button>
          {canImport && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} />}
              onClick={() => actions.openImport((id) => id && void switchTo(id))}
            >
              Import
            </Button>
          )}
          <Button leftSection={<IconPlus size={16} />} onClick={() => void create()}>
            New repository
          </Button>
        </Group>
      </Group>
      <Table highlightOnHover verticalSpacing={6} aria-label="Repository list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Currency</Table.Th>
            <Table.Th>Access</Table.Th>
            <Table.Th>Collaborators</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visible.map((repository) => {
            const permissions = repositoryPermissions(repository);
            const isCurrent = repository.id === current?.id;
            return (
              <Table.Tr key={repository.id} aria-current={isCurrent ? 'true' : undefined}>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" fw={isCurrent ? 700 : 500}>
                      {repository.name}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {isCurrent ? 'Current · ' : ''}
                      {repository.owner}
                    </Text>
                  </Stack>
                </Table.Td>
                <Table.Td>{repository.currency}</Table.Td>
                <Table.Td>
                  <RepositoryBadges repository={repository} />
                </Table.Td>
                <Table.Td>{repository.collaborators_count}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {!isCurrent && (
                      <Button size="compact-sm" variant="light" onClick={() => void switchTo(repository.id)}>
                        Open
                      </Button>
                    )}
                    <Tooltip label="Settings">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Settings of ${repository.name}`}
                        onClick={() => openSettings(repository)}
                      >
                        <IconSettings size={16} />
                      </ActionIcon>
                    </Tooltip>
                    {permissions.canAdminister && (
                      <>
                        {isFeatureInPlan(plans, repository.plan, 'export') && (
                          <Tooltip label="Export">
                            <ActionIcon
                              variant="subtle"
                              aria-label={`Export ${repository.name}`}
                              onClick={() => void actions.exportNow(repository)}
                            >
                              <IconDownload size={16} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        <Tooltip label="Delete">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${repository.name}`}
                            onClick={() => actions.openDelete(repository)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {visible.length === 0 && (
        <Text size="sm" c="dimmed" ta="center">
          {repositories.length === 0
            ? 'No repositories yet. Create one, import a file, or move in from another tool.'
            : 'No repository matches.'}
        </Text>
      )}
    </Stack>
  );
}
