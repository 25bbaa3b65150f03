import { Button, Group, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { TAsset } from '@strata/contracts/assets';
import type { TTag } from '@strata/contracts/tags';
import { assetSavedMessage, isAccountType, validateAsset } from '@strata/core/assets/asset-rules';
import { CATEGORY_TAG, SUBCATEGORY_TAG } from '@strata/core/repositories/initial-content';
import {
  EXPENSE_ACCOUNT,
  HOLDING_ACCOUNT_KINDS,
  INCOME_ACCOUNT,
  INSTRUMENT_TYPES,
} from '@strata/core/transactions/asset-kinds';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { keepEnterInSelects } from '../../../shared/forms/enter-in-select.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useCurrencies } from '../../repositories/index.ts';
import { createAsset, updateAsset } from '../api/assets.ts';
import { deletedOffer, type TAssetListKind } from '../lib/asset-lists.ts';

const ASSET_TYPES = [
  { group: 'Instruments', items: INSTRUMENT_TYPES.filter((type) => type !== 'currency') },
  { group: 'Holding accounts', items: [...HOLDING_ACCOUNT_KINDS] },
];
const FIXED_TYPE: Partial<Record<TAssetListKind, string>> = {
  currencies: 'currency',
  'income-accounts': INCOME_ACCOUNT,
  'expense-accounts': EXPENSE_ACCOUNT,
};

interface TDraft {
  type: string | null;
  name: string;
  ticker: string;
  currency: string;
  description: string;
  category: string | null;
  subcategory: string | null;
}

function draftOf(asset: TAsset | null, kind: TAssetListKind, currency: string, tags: TTag[]): TDraft {
  const tagOf = (name: string) =>
    tags.find((tag) => tag.tag_name === name && asset?.tags.includes(tag.id))?.id ?? null;
  return {
    type: asset?.type ?? FIXED_TYPE[kind] ?? null,
    name: asset?.name ?? '',
    ticker: asset?.ticker ?? '',
    currency: asset?.currency ?? currency,
    description: asset?.description ?? '',
    category: tagOf(CATEGORY_TAG),
    subcategory: tagOf(SUBCATEGORY_TAG),
  };
}

export interface TAssetFormProps {
  kind: TAssetListKind;
  repositoryId: string;
  /** The repository currency, the default quote currency of a new asset. */
  currency: string;
  tags: TTag[];
  /** Null for a new asset. */
  asset: TAsset | null;
  isReadOnly: boolean;
  onSaved: (asset: TAsset, isCreated: boolean) => Promise<void>;
  /** Unsaved work: a changed form (a new one once something was entered). */
  onDirtyChange?: (isDirty: boolean) => void;
}

/**
 * The Basic info form (seed §5): fields fill in the order type, name, ticker, currency; an account's
 * ticker is read-only and follows the name; accounts need Category and Subcategory; Save is enabled only
 * when the asset is new or changed and has a type.
 */
export function AssetForm({
  kind,
  repositoryId,
  currency,
  tags,
  asset,
  isReadOnly,
  onSaved,
  onDirtyChange,
}: TAssetFormProps) {
  const navigate = useNavigate();
  const currencies = useCurrencies();
  const [initial] = useState(() => draftOf(asset, kind, currency, tags));
  const [draft, setDraft] = useState(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const set = (patch: Partial<TDraft>) => {
    setDraft((current) => ({ ...current, ...patch }));
    setServerErrors({});
  };

  const isNew = asset === null;
  const isCurrency = kind === 'currencies';
  const isAccount = draft.type !== null && isAccountType(draft.type);
  const isChanged = JSON.stringify(draft) !== JSON.stringify(initial);
  const canSave = !isReadOnly && (isNew || isChanged) && draft.type !== null;
  // A blank new form has nothing to lose, so only entered or changed values count as unsaved.
  const isDirty = !isReadOnly && isChanged && !isSaving;
  useEffect(() => onDirtyChange?.(isDirty), [isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);
  const tagIds = isAccount
    ? [draft.category, draft.subcategory].filter((id): id is string => Boolean(id))
    : [];
  const ticker = isAccount ? draft.name : draft.ticker;
  const check = validateAsset(
    { type: draft.type, name: draft.name, ticker, currency: draft.currency, description: draft.description },
    tags.filter((tag) => tagIds.includes(tag.id)),
  );
  const localErrors: Record<string, string> = check.ok
    ? {}
    : Object.fromEntries(check.errors.map((error) => [error.field, error.message]));
  const errorOf = (field: string) => serverErrors[field] ?? (isSubmitted ? localErrors[field] : undefined);
  const tagOptions = (tagName: string) =>
    tags.filter((tag) => tag.tag_name === tagName).map((tag) => ({ value: tag.id, label: tag.tag_value }));

  const save = async () => {
    setSubmitted(true);
    if (!check.ok) return;
    setSaving(true);
    const body = {
      type: draft.type,
      name: draft.name,
      ticker: isAccount ? null : draft.ticker,
      currency: draft.currency,
      description: draft.description.trim() === '' ? null : draft.description,
      // Only an account's classification is edited here; other tags live on the Tags tab.
      ...(isAccount ? { tags: mergeAccountTags(asset?.tags ?? [], tags, tagIds) } : {}),
    };
    try {
      const saved = isNew
        ? await createAsset({ ...body, repository_id: repositoryId })
        : await updateAsset(asset.id, { ...body, version: asset.version });
      // The drawer moves to the saved asset first, so the toast tells of a finished step.
      await onSaved(saved, isNew);
      notifications.success(assetSavedMessage(saved.type, saved.name, isNew ? 'created' : 'updated'));
      return;
    } catch (error) {
      if (isApiError(error) && error.isSoftDeleted && draft.type) {
        const offer = deletedOffer(draft.type);
        notifyError(error, {
          actions: [
            {
              label: offer.label,
              // Choosing the deleted twin over this draft is the deliberate discard: no question on the way.
              onClick: () => {
                onDirtyChange?.(false);
                void navigate(offer.to);
              },
            },
            { label: 'Close', onClick: () => {} },
          ],
        });
      } else if (isApiError(error) && error.fieldErrors) {
        setServerErrors(
          Object.fromEntries(
            Object.entries(error.fieldErrors).map(([field, messages]) => [field, messages.join(', ')]),
          ),
        );
        notifyError(error);
      } else {
        notifyError(error);
      }
    }
    // Only a failed save stays in this form: a saved one is replaced by the saved asset's form, and
    // leaving the saving state would mark the replaced form dirty for a moment.
    setSaving(false);
  };

  const currencyOptions = (currencies.data ?? []).map((option) => ({
    value: option.ticker,
    label: `${option.ticker} — ${option.name}`,
  }));

  return (
    <form
      // The seed's messages, not the browser's bubbles.
      noValidate
      onKeyDown={keepEnterInSelects}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack>
        {kind === 'assets' ? (
          <Select
            label="Type"
            required
            data={ASSET_TYPES}
            value={draft.type}
            onChange={(type) => set({ type })}
            searchable
            allowDeselect={false}
            readOnly={isReadOnly}
            error={errorOf('type')}
          />
        ) : (
          <TextInput label="Type" value={draft.type ?? ''} readOnly />
        )}
        {isCurrency && isNew && (
          <Select
            label="Available currency"
            description="Fills the name and ticker"
            data={currencyOptions}
            searchable
            value={null}
            onChange={(code) => {
              const option = currencies.data?.find((entry) => entry.ticker === code);
              if (option) set({ name: option.name, ticker: option.ticker });
            }}
          />
        )}
        <TextInput
          label="Name"
          required
          value={draft.name}
          readOnly={isReadOnly}
          onChange={(event) => set({ name: event.currentTarget.value })}
          error={errorOf('name')}
        />
        <TextInput
          label="Ticker"
          required={!isAccount}
          readOnly={isReadOnly || isAccount}
          value={ticker}
          onChange={(event) => set({ ticker: event.currentTarget.value })}
          error={errorOf('ticker')}
        />
        <Select
          label="Currency"
          required
          data={
            currencyOptions.length > 0 ? currencyOptions : [{ value: draft.currency, label: draft.currency }]
          }
          value={draft.currency}
          onChange={(value) => set({ currency: value ?? '' })}
          searchable
          allowDeselect={false}
          readOnly={isReadOnly}
          error={errorOf('currency')}
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={draft.description}
          readOnly={isReadOnly}
          onChange={(event) => set({ description: event.currentTarget.value })}
          error={errorOf('description')}
        />
        {isAccount && (
          <Group grow align="flex-start">
            <Select
              label="Category"
              required
              data={tagOptions(CATEGORY_TAG)}
              value={draft.category}
              onChange={(category) => set({ category })}
              searchable
              allowDeselect={false}
              readOnly={isReadOnly}
            />
            <Select
              label="Subcategory"
              required
              data={tagOptions(SUBCATEGORY_TAG)}
              value={draft.subcategory}
              onChange={(subcategory) => set({ subcategory })}
              searchable
              allowDeselect={false}
              readOnly={isReadOnly}
            />
          </Group>
        )}
        {isAccount && (errorOf('tags') || serverErrors.tags) && (
          <Text c="red" size="sm" role="alert">
            {errorOf('tags') ?? serverErrors.tags}
          </Text>
        )}
        {!isReadOnly && (
          <Group justify="flex-end">
            <Button type="submit" loading={isSaving} disabled={!canSave}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

/** An account's tags with its Category and Subcategory replaced by the chosen ones. */
function mergeAccountTags(current: readonly string[], tags: TTag[], chosen: string[]): string[] {
  const reserved = new Set(
    tags
      .filter((tag) => tag.tag_name === CATEGORY_TAG || tag.tag_name === SUBCATEGORY_TAG)
      .map((tag) => tag.id),
  );
  return [...current.filter((id) => !reserved.has(id)), ...chosen];
}
