import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TAsset } from '@strata/contracts/assets';
import type { TTag } from '@strata/contracts/tags';
import type { TTransaction } from '@strata/contracts/transactions';
import { type ClipboardEvent, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import {
  createTransaction,
  deleteTransactions,
  restoreTransaction,
  type TEntrySettingView,
  type TTypeSetting,
  updateTransaction,
} from '../api/transactions.ts';
import { entryOptions } from '../entry-options.ts';
import {
  amountFromPaste,
  canSaveState,
  defaultEntries,
  draftState,
  draftToBody,
  entryErrorKey,
  forcedSignNote,
  otherErrors,
  type TDraftState,
  type TEntryDraft,
  type TTransactionDraft,
} from '../transaction-draft.ts';

const STATE_COLORS: Record<TDraftState, string> = {
  new: 'blue',
  changed: 'yellow',
  saved: 'green',
  deleted: 'gray',
  invalid: 'red',
};

/** An amount's help text, and under it the sign its rule will store when that differs from what was typed. */
function AmountDescription({ text, note }: { text: string; note: string | null }) {
  if (note === null) return text;
  return (
    <>
      {text}
      <Text component="span" display="block" size="xs" c="orange.8" role="status">
        {note}
      </Text>
    </>
  );
}

/** The field part of an entry's error key ('Cash: amount'). */
const FIELD_OF = { account_id: 'account', asset_id: 'asset', amount: 'amount' } as const;

export interface TTransactionFormProps {
  repositoryId: string;
  /** The repository currency's asset: the default of currency slots. */
  currencyAssetId: string | null;
  /** The saved transaction (null for a new one). */
  transaction: TTransaction | null;
  /** What the form started from: the saved transaction's draft, or a blank one. */
  initial: TTransactionDraft;
  types: readonly TTypeSetting[];
  assets: readonly TAsset[];
  tags: readonly TTag[];
  canWrite: boolean;
  /** Every edit, so the page can guard unsaved changes. */
  onStateChange?: (state: TDraftState, isDirty: boolean) => void;
  onSaved: (saved: TTransaction, isNew: boolean) => void;
  onDeleted: () => void;
  onRestored: (restored: TTransaction) => void;
}

/**
 * The slide-over transaction form (seed §4): entries by the type's slots with their titles and descriptions,
 * the entity state, the server's errors under the fields they name, and the PRO upgrade prompt.
 */
export function TransactionForm(props: TTransactionFormProps) {
  const { transaction, types, assets, tags, initial } = props;
  // The page remounts the form (keyed by the saved copy) after a save, so the original never changes here.
  const [original] = useState(initial);
  const dates = useDateDisplay();
  const [draft, setDraftState] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState<'save' | 'delete' | 'restore' | null>(null);
  const type = types.find((item) => item.name === draft.type);
  const id = transaction?.id ?? null;
  const isDeleted = Boolean(transaction?.deleted_at);
  const state = draftState({
    id,
    isDeleted,
    hasErrors: Object.keys(errors).length > 0,
    original,
    current: draft,
  });
  const isDirty = id === null || JSON.stringify(original) !== JSON.stringify(draft);
  const isReadOnly = !props.canWrite || isDeleted || Boolean(type?.readonly);

  const optionsFor = useMemo(() => {
    const cache = new Map<string, ReturnType<typeof entryOptions>>();
    return (slot: TEntrySettingView, field: 'account' | 'asset') => {
      const rule = slot[field];
      const key = JSON.stringify(rule);
      let options = cache.get(key);
      if (!options) {
        options = entryOptions(rule, assets, tags);
        cache.set(key, options);
      }
      return options;
    };
  }, [assets, tags]);

  /** An edit clears the errors of the fields it touches (`cleared` keys; all of them for a new type). */
  const setDraft = (next: TTransactionDraft, cleared: readonly string[] | 'all' = []) => {
    const nextErrors =
      cleared === 'all'
        ? {}
        : Object.fromEntries(Object.entries(errors).filter(([key]) => !cleared.includes(key)));
    setDraftState(next);
    setErrors(nextErrors);
    props.onStateChange?.(
      draftState({ id, isDeleted, hasErrors: Object.keys(nextErrors).length > 0, original, current: next }),
      id === null || JSON.stringify(original) !== JSON.stringify(next),
    );
  };
  const pickType = (name: string | null) => {
    const next = types.find((item) => item.name === name);
    setDraft(
      {
        ...draft,
        type: name,
        entries: defaultEntries(next, { optionsFor, currencyAssetId: props.currencyAssetId }),
      },
      'all',
    );
  };
  const setEntry = (index: number, patch: Partial<TEntryDraft>) => {
    const title = type?.entries[index]?.title ?? '';
    setDraft(
      {
        ...draft,
        entries: draft.entries.map((entry, at) => (at === index ? { ...entry, ...patch } : entry)),
      },
      (Object.keys(patch) as Array<keyof TEntryDraft>).map((field) => entryErrorKey(title, FIELD_OF[field])),
    );
  };
  const errorOf = (key: string) => errors[key]?.join(', ');

  const save = async () => {
    setBusy('save');
    try {
      const body = draftToBody(draft, type);
      // The version this form loaded: someone else's save in between answers 409 instead of being overwritten.
      const saved = id
        ? await updateTransaction(id, { ...body, version: transaction?.version })
        : await createTransaction({ ...body, repository_id: props.repositoryId });
      notifications.success(`Transaction ${dates.date(saved.date)} ${id ? 'updated' : 'created'}`);
      setErrors({});
      props.onSaved(saved, id === null);
    } catch (error) {
      if (isApiError(error) && error.fieldErrors && Object.keys(error.fieldErrors).length > 0) {
        setErrors(error.fieldErrors);
        props.onStateChange?.('invalid', isDirty);
      } else notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  const cancel = () => setDraft(original, 'all');
  const remove = async () => {
    if (!id) return;
    setBusy('delete');
    try {
      const answer = await deleteTransactions([id]);
      notifications.success(answer.message);
      props.onDeleted();
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  const restore = async () => {
    if (!id) return;
    setBusy('restore');
    try {
      props.onRestored(await restoreTransaction(id));
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  const pasteAmount =
    (index: number, slot: TEntrySettingView) => (event: ClipboardEvent<HTMLInputElement>) => {
      const text = event.clipboardData.getData('text');
      if (!text.trim().endsWith('%')) return;
      event.preventDefault();
      setEntry(index, { amount: amountFromPaste(slot, text) });
    };

  const typeOptions = groupTypes(types);
  const unlabelled = otherErrors(errors, type);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {id ? `Transaction ${dates.date(transaction?.date)}`.trim() : 'New transaction'}
        </Title>
        <Badge color={STATE_COLORS[state]} variant="light" aria-label={`State: ${state}`}>
          {state}
        </Badge>
      </Group>
      {isDeleted && <Alert color="gray">This transaction is in the trash. Restore it to edit it.</Alert>}
      <Select
        label="Type"
        required
        searchable
        allowDeselect={false}
        readOnly={!props.canWrite || isDeleted}
        data={typeOptions}
        value={draft.type}
        onChange={pickType}
        error={errorOf('Type')}
      />
      {type?.readonly && (
        <Alert color="grape" title="PRO plan">
          The {type.name} type is available on the PRO plan.{' '}
          <Anchor component={Link} to="/subscription/plans">
            Upgrade the plan
          </Anchor>{' '}
          to record it.
        </Alert>
      )}
      {type?.description && (
        <Text size="sm" c="dimmed">
          {type.description}
        </Text>
      )}
      <Group grow align="flex-start">
        <DateField
          label="Date"
          required
          readOnly={isReadOnly}
          value={draft.date}
          onChange={(date) => setDraft({ ...draft, date }, ['Date'])}
          error={errorOf('Date')}
        />
        <TextInput
          label="Description"
          readOnly={isReadOnly}
          value={draft.description}
          onChange={(event) =>
            setDraft({ ...draft, description: event.currentTarget.value }, ['Description'])
          }
          error={errorOf('Description')}
        />
      </Group>
      {type?.entries.map((slot, index) => (
        <Stack
          key={`${type.name}-${slot.title}`}
          gap={4}
          p="xs"
          role="group"
          aria-label={slot.title}
          style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
        >
          <Text fw={600} size="sm">
            {slot.title}
            {slot.amount.optional ? ' (optional)' : ''}
          </Text>
          {/* One field a line on a phone: three side by side cut an account's or asset's name to a few letters. */}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <Select
              label="Account"
              description={slot.accountDescription}
              searchable
              clearable
              allowDeselect={false}
              readOnly={isReadOnly}
              data={optionsFor(slot, 'account')}
              value={draft.entries[index]?.account_id ?? null}
              onChange={(value) => setEntry(index, { account_id: value })}
              error={errorOf(entryErrorKey(slot.title, 'account'))}
            />
            <Select
              label="Asset"
              description={slot.assetDescription}
              searchable
              clearable
              allowDeselect={false}
              readOnly={isReadOnly}
              data={optionsFor(slot, 'asset')}
              value={draft.entries[index]?.asset_id ?? null}
              onChange={(value) => setEntry(index, { asset_id: value })}
              error={errorOf(entryErrorKey(slot.title, 'asset'))}
            />
            <TextInput
              label="Amount"
              description={
                <AmountDescription
                  text={slot.amountDescription}
                  note={forcedSignNote(slot, draft.entries[index]?.amount ?? '')}
                />
              }
              inputMode="decimal"
              readOnly={isReadOnly}
              rightSection={slot.amount.rule === 'percent' ? <Text size="sm">%</Text> : undefined}
              value={draft.entries[index]?.amount ?? ''}
              onPaste={pasteAmount(index, slot)}
              onChange={(event) => setEntry(index, { amount: event.currentTarget.value })}
              error={errorOf(entryErrorKey(slot.title, 'amount'))}
            />
          </SimpleGrid>
        </Stack>
      ))}
      {unlabelled.length > 0 && (
        <Alert color="red">
          {unlabelled.map((message) => (
            <Text key={message} size="sm">
              {message}
            </Text>
          ))}
        </Alert>
      )}
      {props.canWrite && (
        <Group justify="space-between">
          <Group gap="xs">
            {id && !isDeleted && (
              <Button color="red" variant="subtle" loading={busy === 'delete'} onClick={() => void remove()}>
                Move to trash
              </Button>
            )}
            {isDeleted && (
              <Button variant="light" loading={busy === 'restore'} onClick={() => void restore()}>
                Restore
              </Button>
            )}
          </Group>
          <Group gap="xs">
            {id && !isDeleted && (
              <Button
                variant="default"
                disabled={state !== 'changed' && state !== 'invalid'}
                onClick={cancel}
              >
                Cancel
              </Button>
            )}
            <Button
              onClick={() => void save()}
              loading={busy === 'save'}
              disabled={!type || isReadOnly || !canSaveState(state) || (state === 'invalid' && !isDirty)}
            >
              Save
            </Button>
          </Group>
        </Group>
      )}
    </Stack>
  );
}

/** The type select: grouped as the catalogue groups them; PRO-only types say so. */
function groupTypes(types: readonly TTypeSetting[]) {
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const type of types) {
    const items = groups.get(type.group) ?? [];
    items.push({ value: type.name, label: type.readonly ? `${type.name} (PRO)` : type.name });
    groups.set(type.group, items);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
