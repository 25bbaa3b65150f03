import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import type { CONNECTOR_STATUSES } from '@strata/contracts/linked-data';
import {
  IconClock,
  IconDots,
  IconPencil,
  IconPlugConnected,
  IconRefresh,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { confirmAction } from '../../../shared/data-list/confirm-action.tsx';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { deleteConnector, linkedDataKey, renameConnector, type TConnector } from '../api/connectors.ts';
import { reconnectConnector } from '../link/connect-entry.ts';
import { syncNowFlow } from '../link/sync-now.ts';
import { isProviderConnector, needsReconnect } from '../provider-link.ts';
import { openConnectorSchedule, openImportStatement } from './open-dialogs.ts';

type TConnectorStatus = (typeof CONNECTOR_STATUSES)[number];

/** Linked seed §4: connector status ok / failed / pending. */
export const CONNECTOR_STATUS_VIEW: Record<TConnectorStatus, { label: string; color: string }> = {
  ok: { label: 'OK', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  pending: { label: 'Pending', color: 'yellow' },
};

export const ACCESS_METHOD_LABELS: Record<TConnector['access_method'], string> = {
  file: 'OFX/QFX file',
  manual: 'Manual file loader',
  plaid: 'Plaid',
  simplefin: 'SimpleFIN',
  gocardless: 'GoCardless',
  arch: 'Arch',
  cap_table: 'Cap table',
  kraken: 'Kraken',
};

/** The status badge with its message under it (a failed load says why). */
export function ConnectorStatus({ connector }: { connector: Pick<TConnector, 'status' | 'status_message'> }) {
  const view = CONNECTOR_STATUS_VIEW[connector.status];
  return (
    <Stack gap={2}>
      <Badge color={view.color} variant="light" aria-label={`Status ${view.label}`}>
        {view.label}
      </Badge>
      {connector.status_message && (
        <Text size="xs" c={connector.status === 'failed' ? 'red' : 'dimmed'}>
          {connector.status_message}
        </Text>
      )}
    </Stack>
  );
}

function RenameForm({
  connector,
  onSaved,
  onCancel,
}: {
  connector: TConnector;
  onSaved: () => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(connector.name);
  const [isSaving, setSaving] = useState(false);
  const trimmed = name.trim();
  const save = async () => {
    setSaving(true);
    try {
      await renameConnector(connector.id, trimmed);
      notifications.success(`Connector renamed to ${trimmed}`);
      onSaved();
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed && trimmed !== connector.name) void save();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          value={name}
          maxLength={255}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving} disabled={!trimmed || trimmed === connector.name}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function openRenameConnector(connector: TConnector, queryClient: QueryClient): void {
  modals.open({
    id: 'rename-connector',
    kind: 'dialog',
    size: 'sm',
    title: 'Rename connector',
    render: ({ close }) => (
      <RenameForm
        connector={connector}
        onCancel={() => void close()}
        onSaved={() => {
          void queryClient.invalidateQueries({ queryKey: linkedDataKey(connector.repository_id) });
          void close();
        }}
      />
    ),
  });
}

/** Asks, then deletes the connector with its accounts, events and transactions; 'Connector deleted' (§8). */
export async function deleteConnectorFlow(
  connector: TConnector,
  queryClient: QueryClient,
  onDeleted?: () => void,
): Promise<void> {
  const isConfirmed = await confirmAction({
    title: 'Delete connector',
    message: `Delete ${connector.name}? Its linked accounts, their sync events and linked transactions are deleted with it.`,
    confirmLabel: 'Delete',
    isDestructive: true,
  });
  if (!isConfirmed) return;
  try {
    const answer = await deleteConnector(connector.id);
    notifications.success(answer.message);
    onDeleted?.();
    await queryClient.invalidateQueries({ queryKey: linkedDataKey(connector.repository_id) });
  } catch (error) {
    notifyError(error);
  }
}

/**
 * A provider connector's sync actions, in sight (linked seed §2 'Connector actions', §4's 'login required'):
 * 'Reconnect' (Plaid Link's update mode) when the bank wants the user to sign in again, else 'Sync now'. Read-only
 * members get neither.
 */
export function ProviderSyncButtons({ connector, canWrite }: { connector: TConnector; canWrite: boolean }) {
  const queryClient = useQueryClient();
  const [isSyncing, setSyncing] = useState(false);
  if (!canWrite || !isProviderConnector(connector)) return null;
  if (needsReconnect(connector)) {
    return (
      <Button
        size="xs"
        color="orange"
        leftSection={<IconPlugConnected size={14} />}
        onClick={() =>
          reconnectConnector(connector.repository_id, { id: connector.id, name: connector.name })
        }
      >
        Reconnect
      </Button>
    );
  }
  return (
    <Button
      size="xs"
      variant="light"
      loading={isSyncing}
      leftSection={<IconRefresh size={14} />}
      onClick={async () => {
        setSyncing(true);
        try {
          await syncNowFlow(connector, queryClient);
        } finally {
          setSyncing(false);
        }
      }}
    >
      Sync now
    </Button>
  );
}

/** A connector's write actions (seed §2: rename, delete, import); read-only members get none. */
export function ConnectorActions({
  connector,
  canWrite,
  onDeleted,
}: {
  connector: TConnector;
  canWrite: boolean;
  onDeleted?: () => void;
}) {
  const queryClient = useQueryClient();
  if (!canWrite) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions of ${connector.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {!isProviderConnector(connector) && (
          <Menu.Item
            leftSection={<IconUpload size={16} />}
            onClick={() =>
              openImportStatement({
                repositoryId: connector.repository_id,
                mode: connector.access_method === 'file' ? 'ofx' : 'manual',
                connector: { id: connector.id, name: connector.name },
              })
            }
          >
            Import
          </Menu.Item>
        )}
        {isProviderConnector(connector) && (
          <Menu.Item leftSection={<IconClock size={16} />} onClick={() => openConnectorSchedule(connector)}>
            Sync schedule
          </Menu.Item>
        )}
        <Menu.Item
          leftSection={<IconPencil size={16} />}
          onClick={() => openRenameConnector(connector, queryClient)}
        >
          Rename
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconTrash size={16} />}
          onClick={() => void deleteConnectorFlow(connector, queryClient, onDeleted)}
        >
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
