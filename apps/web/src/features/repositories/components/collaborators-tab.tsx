import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { TCollaborator } from '@strata/contracts/collaboration';
import type { TRepository } from '@strata/contracts/repositories';
import { repositorySharedMessage } from '@strata/core/repositories/repository-messages';
import { IconUserMinus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REPOSITORIES_QUERY_KEY, repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';
import { confirmAction } from '../../../shared/data-list/confirm-action.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { removeCollaborator, updateCollaborator, useCollaborators } from '../api/collaborators.ts';
import { createInvite } from '../api/invites.ts';
import { ACCESS_LEVEL_LABELS, repositoryPermissions } from '../repository-permissions.ts';

export const UNLINK_LABEL = 'Unlink repository';
export const REMOVE_LABEL = 'Remove collaborator';

/** Seed §6: the access choices when inviting or editing never include the owner level. */
const GRANTABLE_OPTIONS = [
  { value: '1', label: ACCESS_LEVEL_LABELS[1] },
  { value: '2', label: ACCESS_LEVEL_LABELS[2] },
];

/** Seed §6 removes access in one click; it is asked first, naming who loses what (there is no undo). */
export function removalQuestion(row: TCollaborator, isSelf: boolean, repositoryName: string) {
  if (isSelf) {
    return {
      title: UNLINK_LABEL,
      message: `You will lose access to ${repositoryName}. Only its owner can invite you again.`,
      confirmLabel: 'Unlink',
      isDestructive: true,
    };
  }
  if (row.status === 'declined') {
    return {
      title: 'Remove invitation',
      message: `The declined invitation of ${row.email} to ${repositoryName} will be removed.`,
      confirmLabel: 'Remove',
      isDestructive: true,
    };
  }
  if (row.status === 'pending') {
    return {
      title: 'Withdraw invitation',
      message: `The invitation of ${row.email} to ${repositoryName} will be withdrawn.`,
      confirmLabel: 'Withdraw',
      isDestructive: true,
    };
  }
  return {
    title: REMOVE_LABEL,
    message: `${row.email} will lose access to ${repositoryName}.`,
    confirmLabel: 'Remove',
    isDestructive: true,
  };
}

export function CollaboratorsTab({
  repository,
  userEmail,
  onUnlinked,
}: {
  repository: TRepository;
  userEmail: string | undefined;
  onUnlinked: () => void;
}) {
  const queryClient = useQueryClient();
  const collaborators = useCollaborators(repository.id);
  const permissions = repositoryPermissions(repository);
  const [email, setEmail] = useState('');
  const [accessType, setAccessType] = useState<string | null>('1');
  const [isInviting, setInviting] = useState(false);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: repositoryScopedKey(repository.id, 'collaborators') });
    await queryClient.invalidateQueries({ queryKey: REPOSITORIES_QUERY_KEY });
  };

  const invite = async () => {
    if (email.trim() === '' || !accessType) return;
    setInviting(true);
    try {
      const created = await createInvite({
        email: email.trim(),
        access_type: Number(accessType) as 1 | 2,
        repository_id: repository.id,
      });
      notifications.success(repositorySharedMessage(created.email));
      setEmail('');
      await refresh();
    } catch (error) {
      notifyError(error);
    } finally {
      setInviting(false);
    }
  };

  const changeAccess = async (row: TCollaborator, value: string | null) => {
    if (!value || Number(value) === row.access_type) return;
    try {
      const answer = await updateCollaborator(repository.id, row.id, Number(value) as 1 | 2);
      notifications.success(answer.message);
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };

  const remove = async (row: TCollaborator, isSelf: boolean) => {
    if (!(await confirmAction(removalQuestion(row, isSelf, repository.name)))) return;
    try {
      const answer = await removeCollaborator(repository.id, row.id);
      notifications.success(answer.message);
      if (isSelf) {
        await queryClient.invalidateQueries({ queryKey: REPOSITORIES_QUERY_KEY });
        onUnlinked();
      } else {
        await refresh();
      }
    } catch (error) {
      notifyError(error);
    }
  };

  const rows = collaborators.data ?? [];
  return (
    <Stack>
      {/* Three columns and a wrapping e-mail fit a 390 px phone without scrolling sideways: the status sits
          under the address rather than in a column of its own. */}
      <Table verticalSpacing={6} layout="fixed" aria-label="Collaborators">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>E-mail</Table.Th>
            <Table.Th w={136}>Access</Table.Th>
            <Table.Th w={48} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isSelf = Boolean(userEmail) && row.email.toLowerCase() === userEmail?.toLowerCase();
            const canEdit = permissions.canAdminister && !row.is_owner;
            return (
              <Table.Tr key={`${row.id}-${row.email}`}>
                <Table.Td>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.email}
                  </Text>
                  {/* Seed §6: no invite status for the owner row. */}
                  {!row.is_owner && row.status && (
                    <Badge
                      size="sm"
                      variant="light"
                      mt={4}
                      color={row.status === 'accepted' ? 'teal' : 'gray'}
                      aria-label={`Status: ${row.status}`}
                    >
                      {row.status}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  {canEdit ? (
                    <Select
                      size="xs"
                      aria-label={`Access of ${row.email}`}
                      data={GRANTABLE_OPTIONS}
                      value={String(row.access_type)}
                      allowDeselect={false}
                      onChange={(value) => void changeAccess(row, value)}
                    />
                  ) : (
                    <Text size="sm">{ACCESS_LEVEL_LABELS[row.access_type]}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {!row.is_owner && (canEdit || (isSelf && permissions.canUnlink)) && (
                    <Tooltip label={isSelf ? UNLINK_LABEL : REMOVE_LABEL}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={isSelf ? UNLINK_LABEL : REMOVE_LABEL}
                        onClick={() => void remove(row, isSelf)}
                      >
                        <IconUserMinus size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {permissions.canAdminister && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void invite();
          }}
        >
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label="Invite by e-mail"
              type="email"
              required
              miw={220}
              style={{ flex: '1 1 220px' }}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Select
              label="Access"
              w={140}
              data={GRANTABLE_OPTIONS}
              value={accessType}
              allowDeselect={false}
              onChange={setAccessType}
            />
            <Button type="submit" loading={isInviting} disabled={email.trim() === ''}>
              Invite
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}
