import {
  ActionIcon,
  Button,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconFingerprint, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { authCall, authClient, authErrorDescription, isAuthRequestError } from '../../auth/index.ts';
import { PASSKEYS_QUERY_KEY, usePasskeys } from '../api/list-passkeys.ts';

export const PASSKEY_MESSAGES = {
  added: 'Passkey added',
  addError: 'Error adding passkey',
  deleted: 'Passkey deleted',
  deleteError: 'Error deleting passkey',
} as const;

/** The product's biometric login: Face ID, fingerprint or Windows Hello unlock a passkey. */
export function PasskeysSection() {
  const dates = useDateDisplay();
  const queryClient = useQueryClient();
  const passkeys = usePasskeys();
  const [name, setName] = useState('');
  const [isAdding, setIsAdding] = useState(false);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: PASSKEYS_QUERY_KEY });

  async function add() {
    setIsAdding(true);
    try {
      await authCall(authClient.passkey.addPasskey({ name: name.trim() || undefined }));
      setName('');
      notifications.success(PASSKEY_MESSAGES.added);
      await refresh();
    } catch (error) {
      // A dismissed browser dialog is the user's choice, not an error.
      if (!(isAuthRequestError(error) && error.code === 'ERROR_CEREMONY_ABORTED')) {
        notifications.error(PASSKEY_MESSAGES.addError, { description: authErrorDescription(error) });
      }
    } finally {
      setIsAdding(false);
    }
  }

  async function remove(id: string) {
    setDeletingId(id);
    try {
      await authCall(authClient.passkey.deletePasskey({ id }));
      notifications.success(PASSKEY_MESSAGES.deleted);
      await refresh();
    } catch (error) {
      notifications.error(PASSKEY_MESSAGES.deleteError, { description: authErrorDescription(error) });
    } finally {
      setDeletingId(null);
    }
  }

  return (
    <Stack component="section" aria-labelledby="passkeys-title">
      <div>
        <Title order={2} size="h3" id="passkeys-title">
          Passkeys
        </Title>
        <Text size="sm" c="dimmed">
          Sign in with your fingerprint, face or device screen lock instead of a password.
        </Text>
      </div>
      {passkeys.isPending && <Loader size="sm" />}
      {passkeys.data && passkeys.data.length === 0 && (
        <Text size="sm" c="dimmed">
          No passkeys yet.
        </Text>
      )}
      {passkeys.data && passkeys.data.length > 0 && (
        <Table maw={560} aria-label="Passkeys">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Added</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {passkeys.data.map((passkey) => (
              <Table.Tr key={passkey.id}>
                <Table.Td>{passkey.name ?? 'Passkey'}</Table.Td>
                <Table.Td>{dates.instant(passkey.createdAt)}</Table.Td>
                <Table.Td ta="right">
                  <Tooltip label="Delete passkey">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete passkey ${passkey.name ?? ''}`.trim()}
                      loading={deletingId === passkey.id}
                      onClick={() => void remove(passkey.id)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group align="flex-end">
        <TextInput
          label="Passkey name (optional)"
          placeholder="e.g. My phone"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={255}
        />
        <Button leftSection={<IconFingerprint size={18} />} loading={isAdding} onClick={() => void add()}>
          Add passkey
        </Button>
      </Group>
    </Stack>
  );
}
