import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import type { TAsset } from '@strata/contracts/assets';
import type { TTag } from '@strata/contracts/tags';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { createTransaction, type TTypeSetting } from '../api/transactions.ts';
import { entryOptions } from '../entry-options.ts';

interface TEntryDraft {
  account_id: string | null;
  asset_id: string | null;
  amount: string;
}

const blankEntries = (type: TTypeSetting | undefined): TEntryDraft[] =>
  (type?.entries ?? []).map(() => ({ account_id: null, asset_id: null, amount: '' }));

/** The new-transaction form: changing the type re-applies its blank entries (seed §4). */
export function TransactionForm({
  repositoryId,
  types,
  assets,
  tags,
  onCreated,
}: {
  repositoryId: string;
  types: TTypeSetting[];
  assets: TAsset[];
  tags: TTag[];
  onCreated: () => void;
}) {
  const [typeName, setTypeName] = useState<string | null>(null);
  const type = types.find((item) => item.name === typeName);
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [description, setDescription] = useState('');
  const [entries, setEntries] = useState<TEntryDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [isSaving, setSaving] = useState(false);

  const pickType = (name: string | null) => {
    setTypeName(name);
    setEntries(blankEntries(types.find((item) => item.name === name)));
    setErrors({});
  };
  const setEntry = (index: number, patch: Partial<TEntryDraft>) =>
    setEntries((list) => list.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)));
  const errorOf = (label: string) => errors[label]?.join(', ');

  const save = async () => {
    setSaving(true);
    try {
      const created = await createTransaction({
        repository_id: repositoryId,
        type: typeName,
        date,
        description,
        entries,
      });
      notifications.success(`Transaction ${created.date} created`);
      onCreated();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) setErrors(error.fieldErrors);
      else notifications.error(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <Select
        label="Type"
        required
        searchable
        data={types.map((item) => ({ value: item.name, label: item.name, disabled: item.readonly }))}
        value={typeName}
        onChange={pickType}
        error={errorOf('Type')}
      />
      {type?.readonly && <Alert color="grape">This type is available on the PRO plan.</Alert>}
      <TextInput
        label="Date"
        type="date"
        required
        value={date}
        onChange={(event) => setDate(event.currentTarget.value)}
        error={errorOf('Date')}
      />
      <TextInput
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={errorOf('Description')}
      />
      {type?.entries.map((slot, index) => (
        <Stack
          key={slot.title}
          gap={4}
          p="xs"
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
        >
          <Text fw={600} size="sm">
            {slot.title}
            {slot.amount.optional ? ' (optional)' : ''}
          </Text>
          <Group grow align="flex-start">
            <Select
              label="Account"
              description={slot.accountDescription}
              searchable
              clearable
              data={entryOptions(slot.account, assets, tags)}
              value={entries[index]?.account_id ?? null}
              onChange={(value) => setEntry(index, { account_id: value })}
              error={errorOf(`${slot.title}: account`)}
            />
            <Select
              label="Asset"
              description={slot.assetDescription}
              searchable
              clearable
              data={entryOptions(slot.asset, assets, tags)}
              value={entries[index]?.asset_id ?? null}
              onChange={(value) => setEntry(index, { asset_id: value })}
              error={errorOf(`${slot.title}: asset`)}
            />
            <TextInput
              label="Amount"
              description={slot.amountDescription}
              inputMode="decimal"
              value={entries[index]?.amount ?? ''}
              onChange={(event) => setEntry(index, { amount: event.currentTarget.value })}
              error={errorOf(`${slot.title}: amount`)}
            />
          </Group>
        </Stack>
      ))}
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={isSaving} disabled={!type || type.readonly}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
