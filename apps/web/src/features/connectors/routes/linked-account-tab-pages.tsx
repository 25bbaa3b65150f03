import { Alert, Anchor, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { TSort } from '@strata/core/filters/sort-model';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundPage } from '../../../shared/ui/status-page.tsx';
import { LinkedTransactionsGrid } from '../../linked-data/index.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { useSyncEvent, useSyncEvents } from '../api/connectors.ts';
import { NoRepository } from '../components/no-repository.tsx';
import { eventTime, SyncEventsTable, SyncResultBadge } from '../components/sync-events-table.tsx';

const DEFAULT_SORT: TSort = [{ field: 'date', sortDirection: 'descending' }];

export function LinkedAccountTransactionsTab() {
  const { connectorId = '', accountId = '', eventId } = useParams();
  const { repository } = useCurrentRepository();
  if (!repository) return <NoRepository title="Transactions" level={2} />;
  return (
    <LinkedAccountTransactions
      repositoryId={repository.id}
      connectorId={connectorId}
      accountId={accountId}
      eventId={eventId}
    />
  );
}

/**
 * The account's Transactions tab: its sync events (the one in the URL picked out with its counts and
 * message) and its linked transactions, without the connector, account and access-method columns.
 */
export function LinkedAccountTransactions({
  repositoryId,
  connectorId,
  accountId,
  eventId,
}: {
  repositoryId: string;
  connectorId: string;
  accountId: string;
  eventId?: string;
}) {
  const [sort, setSort] = useState<TSort>(DEFAULT_SORT);
  const events = useSyncEvents(repositoryId, accountId);
  const event = useSyncEvent(repositoryId, eventId);
  const basePath = `/connectors/${connectorId}/${accountId}`;
  if (eventId && (event.isError || (event.data && event.data.linked_account_id !== accountId))) {
    return <NotFoundPage />;
  }
  return (
    <Stack gap="md" pt="sm">
      {event.data && (
        <Alert
          color="gray"
          title={`Sync of ${eventTime(event.data.started_at)} (UTC)`}
          data-testid="sync-event"
        >
          <Group gap="xs">
            <SyncResultBadge result={event.data.result} />
            <Text size="sm">
              {event.data.added} added, {event.data.skipped_duplicate} skipped as duplicates,{' '}
              {event.data.failed} failed
            </Text>
            <Anchor component={Link} to={basePath} size="sm">
              All syncs
            </Anchor>
          </Group>
          {event.data.message && (
            <Text size="xs" c="dimmed" mt={4}>
              {event.data.message}
            </Text>
          )}
        </Alert>
      )}
      <Stack gap={4}>
        <Title order={2} size="h5">
          Syncs
        </Title>
        {events.isPending ? (
          <Loader size="sm" aria-label="Loading syncs" />
        ) : (
          <SyncEventsTable basePath={basePath} events={events.data ?? []} selectedId={eventId} />
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={2} size="h5">
          Transactions
        </Title>
        <LinkedTransactionsGrid
          repositoryId={repositoryId}
          view="account"
          linkedAccountId={accountId}
          sort={sort}
          onSortChange={setSort}
          height="calc(100vh - 320px)"
        />
      </Stack>
    </Stack>
  );
}
