import { Table, Text } from '@mantine/core';
import type { TSecurityEventView } from '@strata/contracts/market-data';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';

/** What an event did, in words: '4:1 split', 'Dividend 0.24 USD'. */
export function eventText(event: TSecurityEventView): string {
  if (event.kind === 'split') return `${event.numerator}:${event.denominator} split`;
  return `Dividend ${event.amount}${event.currency ? ` ${event.currency}` : ''}`;
}

/** The linked security's splits and dividends the syncs found (the adjusted closes carry them). */
export function SecurityEvents({ events }: { events: readonly TSecurityEventView[] }) {
  const dates = useDateDisplay();
  if (events.length === 0) return null;
  return (
    <>
      <Text size="sm" fw={500}>
        Splits and dividends
      </Text>
      <Table aria-label="Splits and dividends" fz="sm" withRowBorders={false}>
        <Table.Tbody>
          {[...events].reverse().map((event) => (
            <Table.Tr key={`${event.date}|${event.kind}`}>
              <Table.Td w="40%">{dates.date(event.date)}</Table.Td>
              <Table.Td>{eventText(event)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
