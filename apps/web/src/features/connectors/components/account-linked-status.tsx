import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import type { TAsset } from '@strata/contracts/assets';
import { IconPlugConnected } from '@tabler/icons-react';
import { openAccountConnectorPanel } from './open-account-connector-panel.ts';

const STATUS_VIEW = {
  ok: { label: 'OK', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  pending: { label: 'Pending', color: 'yellow' },
} as const;

/**
 * Shown on an account's Basic info tab (composed there by the app's routes, so assets and connectors stay
 * apart): an account mapped to a linked account (linked seed §2): its connector's status and message, and the way
 * into what the connector brought — the account connector panel with its Transactions and Positions.
 */
export function AccountLinkedStatus({ asset, repositoryId }: { asset: TAsset; repositoryId: string }) {
  const linkedAccountId = asset.linked_account_id;
  if (!linkedAccountId) return null;
  const view = asset.connector_status ? STATUS_VIEW[asset.connector_status] : null;
  return (
    <Alert
      variant="light"
      color={view?.color ?? 'gray'}
      icon={<IconPlugConnected size={18} />}
      title="Linked account"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          {view && (
            <Badge color={view.color} variant="light" aria-label={`Connector status ${view.label}`}>
              {view.label}
            </Badge>
          )}
          {asset.connector_status_message && (
            <Text size="sm" c="dimmed">
              {asset.connector_status_message}
            </Text>
          )}
        </Group>
        <Button
          size="xs"
          variant="light"
          onClick={() =>
            void openAccountConnectorPanel({
              repositoryId,
              assetId: asset.id,
              linkedAccountId,
              accountName: asset.name,
              accountType: asset.type,
            })
          }
        >
          Open linked data
        </Button>
      </Group>
    </Alert>
  );
}
