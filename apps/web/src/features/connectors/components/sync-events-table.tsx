import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { SYNC_RESULTS } from '@strata/contracts/linked-data';
import { Link } from 'react-router';
import type { TSyncEvent } from '../api/connectors.ts';

/** Linked seed §4: the sync results. */
export const SYNC_RESULT_VIEW: Record<(typeof SYNC_RESULTS)[number], { label: string; color: string }> = {
  success: { label: 'Success', color: 'green' },
  warning: { label: 'Warning', color: 'yellow' },
  error: { label: 'Error', color: 'red' },
  login_required: { label: 'Login required', color: 'orange' },
};

/** '2026-11-27T01:02:03.000Z' → '2026-11-27 01:02' (UTC, as the server stored it). */
export function eventTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}

export function SyncResultBadge({ result }: { result: TSyncEvent['result'] }) {
  const view = SYNC_RESULT_VIEW[result];
  return (
    <Badge color={view.color} variant="light">
      {view.label}
    </Badge>
  );
}

/** A linked account's loads, newest first; each links to its own view. */
export function SyncEventsTable({
  basePath,
  events,
  selectedId,
}: {
  basePath: string;
  events: readonly TSyncEvent[];
  selectedId?: string;
}) {
  if (events.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No syncs yet.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table fz="sm" verticalSpacing={4} aria-label="Sync events" style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Started (UTC)</Table.Th>
            <Table.Th>Result</Table.Th>
            <Table.Th ta="right">Added</Table.Th>
            <Table.Th ta="right">Skipped</Table.Th>
            <Table.Th ta="right">Failed</Table.Th>
            <Table.Th visibleFrom="sm">Message</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {events.map((event) => (
            <Table.Tr
              key={event.id}
              bg={event.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
            >
              <Table.Td>
                <Anchor component={Link} to={`${basePath}/${event.id}`} size="sm">
                  {eventTime(event.started_at)}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <SyncResultBadge result={event.result} />
              </Table.Td>
              <Table.Td ta="right">{event.added}</Table.Td>
              <Table.Td ta="right">{event.skipped_duplicate}</Table.Td>
              <Table.Td ta="right">{event.failed}</Table.Td>
              <Table.Td visibleFrom="sm" style={{ whiteSpace: 'normal' }}>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {event.message ?? ''}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
