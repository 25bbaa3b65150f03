import { Anchor, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { TConnector, TLinkedAccount } from '../api/connectors.ts';
import {
  ACCESS_METHOD_LABELS,
  ConnectorActions,
  ConnectorStatus,
  ProviderSyncButtons,
} from './connector-actions.tsx';
import { PoweredBy } from './powered-by.tsx';

/** A linked account's name as the screens say it: its name, else its number, else what the file called it. */
export function linkedAccountTitle(account: Pick<TLinkedAccount, 'name' | 'number' | 'external_id'>): string {
  return account.name ?? account.number ?? account.external_id;
}

export function LinkedAccountsTable({
  connectorId,
  accounts,
}: {
  connectorId: string;
  accounts: readonly TLinkedAccount[];
}) {
  if (accounts.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No accounts yet: import a statement file into this connector.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table fz="sm" verticalSpacing={6} aria-label="Linked accounts">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account</Table.Th>
            <Table.Th visibleFrom="sm">Number</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th visibleFrom="sm">Currency</Table.Th>
            <Table.Th ta="right">Transactions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => (
            <Table.Tr key={account.id}>
              <Table.Td>
                <Anchor component={Link} to={`/connectors/${connectorId}/${account.id}`} size="sm">
                  {linkedAccountTitle(account)}
                </Anchor>
              </Table.Td>
              <Table.Td visibleFrom="sm">{account.number ?? ''}</Table.Td>
              <Table.Td>{account.type ?? ''}</Table.Td>
              <Table.Td visibleFrom="sm">{account.currency ?? ''}</Table.Td>
              <Table.Td ta="right">{account.transactions_count.toLocaleString('en')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One connector with its status, its accounts and (for writers) its actions. */
export function ConnectorCard({
  connector,
  accounts,
  canWrite,
}: {
  connector: TConnector;
  accounts: readonly TLinkedAccount[];
  canWrite: boolean;
}) {
  return (
    <Card withBorder padding="md" aria-label={`Connector ${connector.name}`} component="section">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Title order={2} size="h4">
              <Anchor component={Link} to={`/connectors/${connector.id}`} inherit>
                {connector.name}
              </Anchor>
            </Title>
            <Group gap="xs">
              <Badge variant="outline" color="gray">
                {ACCESS_METHOD_LABELS[connector.access_method]}
              </Badge>
              <ConnectorStatus connector={connector} />
            </Group>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <ProviderSyncButtons connector={connector} canWrite={canWrite} />
            <ConnectorActions connector={connector} canWrite={canWrite} />
          </Group>
        </Group>
        <PoweredBy connector={connector} />
        <LinkedAccountsTable connectorId={connector.id} accounts={accounts} />
      </Stack>
    </Card>
  );
}
