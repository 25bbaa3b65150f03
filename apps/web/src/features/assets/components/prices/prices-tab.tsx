import {
  ActionIcon,
  Alert,
  Button,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import type { TAssetPrice } from '@strata/contracts/asset-prices';
import {
  duplicatePriceMessage,
  isEditablePriceSource,
  PRICE_CHART_MIN_POINTS,
  priceViewFor,
} from '@strata/core/assets/price-rules';
import { IconPencil, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { fieldMessagesOf } from '../../../../shared/api/api-error.ts';
import { confirmAction } from '../../../../shared/data-list/confirm-action.tsx';
import { useDateDisplay } from '../../../../shared/lib/date-format.tsx';
import { notifications } from '../../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../../shared/notifications/notify-error.ts';
import { useToday } from '../../../session/index.ts';
import { createPrice, deletePrice, pricesKey, updatePrice, useAssetPrices } from '../../api/asset-prices.ts';
import { useAssetDrawer } from '../asset-drawer-context.ts';
import { PriceCsvDialog } from './price-csv-dialog.tsx';
import { PriceRowEditor, type TPriceDraft } from './price-row-editor.tsx';
import { PricesChart } from './prices-chart.tsx';

/**
 * The Prices tab (seed §2): chart or table by route (`prices`, `prices/table`), forced to the table when
 * an override price exists or there are fewer than PRICE_CHART_MIN_POINTS prices; only manual and
 * override prices can be edited or deleted.
 */
export function PricesTab({ view }: { view: 'chart' | 'table' }) {
  const dates = useDateDisplay();
  const { asset, repositoryId, basePath, canWrite } = useAssetDrawer();
  const today = useToday();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const prices = useAssetPrices(repositoryId, asset?.id);
  const [params] = useSearchParams();
  // The chart's Add price opens the table with the new row (`?new=1`).
  const [editing, setEditing] = useState<string | null>(params.get('new') === '1' ? 'new' : null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [isCsvOpen, setCsvOpen] = useState(false);
  const rows = [...(prices.data ?? [])].sort(
    (a, b) => b.date.localeCompare(a.date) || a.source.localeCompare(b.source),
  );
  const isForcedTable = priceViewFor(rows) === 'table';
  const shown = isForcedTable ? 'table' : view;
  const heading = view === 'table' ? 'Prices (table)' : 'Prices';

  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: pricesKey(repositoryId ?? 'none', asset?.id ?? 'none') });
  const save = async (draft: TPriceDraft, price: TAssetPrice | null) => {
    if (!asset) return;
    setServerErrors({});
    // The seed's words before the round trip; the server answers the same on a race.
    const twin = rows.find(
      (other) => other.id !== price?.id && other.date === draft.date && isEditablePriceSource(other.source),
    );
    if (twin) {
      notifications.error(duplicatePriceMessage(dates.date(draft.date)));
      return;
    }
    try {
      if (price) await updatePrice(price.id, { ...draft, version: price.version });
      else await createPrice({ ...draft, asset_id: asset.id });
      notifications.success(
        price ? `Price for ${dates.date(draft.date)} updated` : `Price for ${dates.date(draft.date)} created`,
      );
      setEditing(null);
      await refresh();
    } catch (error) {
      const fieldMessages = fieldMessagesOf(error);
      if (fieldMessages) setServerErrors(fieldMessages);
      notifyError(error);
    }
  };
  const remove = async (price: TAssetPrice) => {
    const isConfirmed = await confirmAction({
      title: 'Delete price',
      message: `Delete the ${price.source} price of ${dates.date(price.date)}?`,
      confirmLabel: 'Delete',
      isDestructive: true,
    });
    if (!isConfirmed) return;
    try {
      await deletePrice(price.id);
      notifications.success(`Price for ${dates.date(price.date)} deleted`);
      await refresh();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="sm">
      <VisuallyHidden>
        <Title order={2}>{heading}</Title>
      </VisuallyHidden>
      {asset && (
        <>
          <Group justify="space-between">
            <SegmentedControl
              size="xs"
              aria-label="Price view"
              value={shown}
              onChange={(value) =>
                navigate(value === 'table' ? `${basePath}/prices/table` : `${basePath}/prices`)
              }
              data={[
                { value: 'chart', label: 'Chart', disabled: isForcedTable },
                { value: 'table', label: 'Table' },
              ]}
            />
            {canWrite && editing !== 'new' && (
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconUpload size={14} />}
                  onClick={() => setCsvOpen(true)}
                >
                  Load CSV
                </Button>
                <Button
                  size="xs"
                  leftSection={<IconPlus size={14} />}
                  onClick={() =>
                    shown === 'table' ? setEditing('new') : navigate(`${basePath}/prices/table?new=1`)
                  }
                >
                  Add price
                </Button>
              </Group>
            )}
          </Group>
          {isForcedTable && view === 'chart' && !prices.isLoading && (
            <Alert variant="light" color="gray" p="xs">
              <Text size="xs">
                Shown as a table: the chart needs at least {PRICE_CHART_MIN_POINTS} prices and no override
                price.
              </Text>
            </Alert>
          )}
          {shown === 'chart' ? (
            <PricesChart prices={rows} currency={asset.currency ?? ''} />
          ) : (
            <ScrollArea.Autosize mah={520}>
              <Table striped aria-label="Prices" fz="sm" stickyHeader>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Date</Table.Th>
                    <Table.Th>Close ({asset.currency})</Table.Th>
                    <Table.Th>Source</Table.Th>
                    <Table.Th w={90} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {editing === 'new' && (
                    <PriceRowEditor
                      label="New price"
                      initial={{ date: today, close: '', source: 'manual' }}
                      serverErrors={serverErrors}
                      onApprove={(draft) => save(draft, null)}
                      onCancel={() => setEditing(null)}
                    />
                  )}
                  {rows.map((price) =>
                    editing === price.id ? (
                      <PriceRowEditor
                        key={price.id}
                        label="Edit price"
                        initial={{ date: price.date, close: price.close, source: price.source }}
                        serverErrors={serverErrors}
                        onApprove={(draft) => save(draft, price)}
                        onCancel={() => setEditing(null)}
                      />
                    ) : (
                      <Table.Tr key={price.id}>
                        <Table.Td>{dates.date(price.date)}</Table.Td>
                        <Table.Td>{price.close}</Table.Td>
                        <Table.Td>{price.source}</Table.Td>
                        <Table.Td>
                          {canWrite && isEditablePriceSource(price.source) && (
                            <Group gap={4} wrap="nowrap">
                              <Tooltip label="Edit">
                                <ActionIcon
                                  variant="subtle"
                                  aria-label={`Edit price ${dates.date(price.date)}`}
                                  onClick={() => setEditing(price.id)}
                                >
                                  <IconPencil size={16} />
                                </ActionIcon>
                              </Tooltip>
                              <Tooltip label="Delete">
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={`Delete price ${dates.date(price.date)}`}
                                  onClick={() => void remove(price)}
                                >
                                  <IconTrash size={16} />
                                </ActionIcon>
                              </Tooltip>
                            </Group>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    ),
                  )}
                </Table.Tbody>
              </Table>
              {rows.length === 0 && editing !== 'new' && (
                <Text c="dimmed" size="sm" p="sm">
                  No prices yet.
                </Text>
              )}
            </ScrollArea.Autosize>
          )}
          <Text size="xs" c="dimmed">
            {rows.length} prices
          </Text>
          {canWrite && repositoryId && (
            <PriceCsvDialog
              opened={isCsvOpen}
              onClose={() => setCsvOpen(false)}
              repositoryId={repositoryId}
              assetId={asset.id}
              onImported={refresh}
            />
          )}
        </>
      )}
    </Stack>
  );
}
