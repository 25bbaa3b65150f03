import { Alert, Button, FileInput, Group, List, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import type { TPriceCsvImported, TPriceCsvPreview } from '@strata/contracts/asset-prices';
import { useState } from 'react';
import { useDateDisplay } from '../../../../shared/lib/date-format.tsx';
import { notifications } from '../../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../../shared/notifications/notify-error.ts';
import { importPrices, previewPrices } from '../../api/price-csv.ts';

export function importedMessage(result: TPriceCsvImported): string {
  const assets = result.assets > 1 ? ` for ${result.assets} assets` : '';
  return `${result.rows} prices loaded${assets}: ${result.added} added, ${result.replaced} replaced`;
}

/**
 * Load prices from a CSV file (date, ticker or asset, close, optional currency) as the source 'csv':
 * preview first (the first rows as they would be stored, and every problem), then import — all or nothing.
 * Opened from an asset's prices, the rows are that asset's and the ticker column may be left out.
 */
export function PriceCsvDialog({
  opened,
  onClose,
  repositoryId,
  assetId,
  onImported,
}: {
  opened: boolean;
  onClose: () => void;
  repositoryId: string;
  assetId?: string;
  onImported: () => Promise<unknown>;
}) {
  const dates = useDateDisplay();
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<TPriceCsvPreview | null>(null);
  const [result, setResult] = useState<TPriceCsvImported | null>(null);
  const [isBusy, setBusy] = useState(false);
  const body = () => ({ repository_id: repositoryId, text, ...(assetId ? { asset_id: assetId } : {}) });

  const edit = (next: string) => {
    setText(next);
    setPreview(null);
    setResult(null);
  };
  const close = () => {
    edit('');
    onClose();
  };
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  const onPreview = () => run(async () => setPreview(await previewPrices(body())));
  const onImport = () =>
    run(async () => {
      const imported = await importPrices(body());
      setResult(imported);
      notifications.success(importedMessage(imported));
      await onImported();
    });
  const nameOf = (id: string) => preview?.assets.find((asset) => asset.asset_id === id)?.name ?? id;
  const canImport = preview !== null && preview.problems.length === 0 && preview.rows > 0 && !result;

  return (
    <Modal opened={opened} onClose={close} title="Load prices from a CSV file" size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          The first line names the columns: date, close{assetId ? '' : ', ticker (or asset)'} and optionally
          currency. Dates as YYYY-MM-DD; a price in pence (GBp) is turned into pounds.
        </Text>
        <FileInput
          label="CSV file"
          placeholder="Choose a file"
          accept=".csv,text/csv,text/plain"
          clearable
          onChange={(file) => {
            if (file) void file.text().then(edit);
            else edit('');
          }}
        />
        <Textarea
          label="Or paste the rows"
          rows={5}
          value={text}
          onChange={(event) => edit(event.currentTarget.value)}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        {preview && (
          <Stack gap="xs" aria-label="Preview">
            <Text size="sm">
              {preview.rows} prices for {preview.assets.length}{' '}
              {preview.assets.length === 1 ? 'asset' : 'assets'}
              {preview.replaced > 0 ? `, ${preview.replaced} replacing earlier CSV prices` : ''}
            </Text>
            {preview.sample.length > 0 && (
              <Table aria-label="First rows" fz="sm" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Line</Table.Th>
                    <Table.Th>Asset</Table.Th>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Close</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {preview.sample.map((row) => (
                    <Table.Tr key={row.line}>
                      <Table.Td>{row.line}</Table.Td>
                      <Table.Td>{nameOf(row.asset_id)}</Table.Td>
                      <Table.Td>{dates.date(row.date)}</Table.Td>
                      <Table.Td>{row.close}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
            {preview.problems.length > 0 && (
              <Alert color="red" title="Nothing will be loaded until these are fixed" p="xs">
                <List size="sm" aria-label="Problems">
                  {preview.problems.map((problem) => (
                    <List.Item key={`${problem.line}|${problem.field}`}>
                      Line {problem.line}, {problem.field}: {problem.message}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            )}
          </Stack>
        )}
        {result && (
          <Alert color="green" p="xs" aria-label="Result">
            {importedMessage(result)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {result ? 'Close' : 'Cancel'}
          </Button>
          <Button variant="light" onClick={() => void onPreview()} disabled={!text.trim() || isBusy}>
            Preview
          </Button>
          <Button onClick={() => void onImport()} disabled={!canImport} loading={isBusy}>
            Import
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
