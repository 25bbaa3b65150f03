import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import type { TTag } from '@strata/contracts/tags';
import { isAccountType, validateAsset } from '@strata/core/assets/asset-rules';
import { HOLDING_ACCOUNT_KINDS, INSTRUMENT_TYPES } from '@strata/core/transactions/asset-kinds';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { createAsset } from '../api/assets.ts';

const TYPES = [
  { group: 'Instruments', items: INSTRUMENT_TYPES.filter((type) => type !== 'currency') },
  { group: 'Holding accounts', items: [...HOLDING_ACCOUNT_KINDS] },
];

/** New asset or account; fields fill in the seed's order (type, name, ticker, currency). */
export function AssetForm({
  repositoryId,
  currency,
  tags,
  onCreated,
}: {
  repositoryId: string;
  currency: string;
  tags: TTag[];
  onCreated: () => void;
}) {
  const [type, setType] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [ticker, setTicker] = useState('');
  const [assetCurrency, setCurrency] = useState(currency);
  const [category, setCategory] = useState<string | null>(null);
  const [subcategory, setSubcategory] = useState<string | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const [isSaving, setSaving] = useState(false);
  const isAccount = type !== null && isAccountType(type);
  const tagOptions = (tagName: string) =>
    tags.filter((tag) => tag.tag_name === tagName).map((tag) => ({ value: tag.id, label: tag.tag_value }));
  const chosenTags = isAccount ? [category, subcategory].filter((id): id is string => Boolean(id)) : [];
  const pairs = tags.filter((tag) => chosenTags.includes(tag.id));
  const check = validateAsset(
    { type, name, ticker: isAccount ? name : ticker, currency: assetCurrency },
    pairs,
  );
  const localErrors = check.ok
    ? {}
    : Object.fromEntries(check.errors.map((error) => [error.field, error.message]));
  const errorOf = (field: string) => serverErrors[field]?.join(', ');

  const save = async () => {
    setSaving(true);
    try {
      const created = await createAsset({
        repository_id: repositoryId,
        type,
        name,
        ticker: isAccount ? null : ticker,
        currency: assetCurrency,
        tags: chosenTags,
      });
      notifications.success(`${isAccount ? 'Account' : 'Asset'} ${created.name} created`);
      onCreated();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors) setServerErrors(error.fieldErrors);
      else notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <Select
        label="Type"
        required
        data={TYPES}
        value={type}
        onChange={setType}
        searchable
        error={errorOf('type')}
      />
      <TextInput
        label="Name"
        required
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={errorOf('name')}
      />
      <TextInput
        label="Ticker"
        required={!isAccount}
        readOnly={isAccount}
        value={isAccount ? name : ticker}
        onChange={(event) => setTicker(event.currentTarget.value)}
        error={errorOf('ticker')}
      />
      <TextInput
        label="Currency"
        required
        value={assetCurrency}
        onChange={(event) => setCurrency(event.currentTarget.value.toUpperCase())}
        error={errorOf('currency')}
      />
      {isAccount && (
        <Group grow>
          <Select
            label="Category"
            required
            data={tagOptions('Category')}
            value={category}
            onChange={setCategory}
            searchable
          />
          <Select
            label="Subcategory"
            required
            data={tagOptions('Subcategory')}
            value={subcategory}
            onChange={setSubcategory}
            searchable
          />
        </Group>
      )}
      {isAccount && localErrors.tags && (
        <div style={{ color: 'var(--mantine-color-red-6)', fontSize: 14 }}>{localErrors.tags}</div>
      )}
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={isSaving} disabled={!check.ok}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
