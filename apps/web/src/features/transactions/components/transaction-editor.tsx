import { Alert, Loader, Stack, Title } from '@mantine/core';
import type { TTransaction } from '@strata/contracts/transactions';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useState } from 'react';
import { useUnsavedChanges } from '../../../shared/forms/use-unsaved-changes.tsx';
import { useUnsavedChangesGuard } from '../../../shared/forms/use-unsaved-changes-guard.ts';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { useOpenedItem } from '../../../shared/recent/use-recent-items.ts';
import { useAssets, useTags } from '../../assets/index.ts';
import { useCurrentRepository } from '../../repositories/index.ts';
import { useToday } from '../../session/index.ts';
import { useTransaction, useTransactionSettings } from '../api/transactions.ts';
import { draftFromTransaction, emptyDraft, guardState, type TDraftState } from '../transaction-draft.ts';
import { TransactionForm } from './transaction-form.tsx';

export interface TTransactionEditorEvents {
  /** A save: the list shows a new transaction first and reloads. */
  onSaved: (saved: TTransaction, isNew: boolean) => void;
  /** A move to the trash or a restore: the list reloads. */
  onListChanged: () => void;
  /** After a create the form follows the new transaction's route; after a delete it closes. */
  onOpen: (id: string) => void;
  onClose: () => void;
}

/**
 * Loads what the form needs and wires the guards: the slide-over's `canClose` asks before losing a new or
 * changed form, and leaving the transactions area asks too. `id` null is a new transaction.
 */
export function TransactionEditor({
  id,
  guardRef,
  events,
}: {
  id: string | null;
  guardRef: RefObject<() => Promise<boolean>>;
  events: RefObject<TTransactionEditorEvents>;
}) {
  const queryClient = useQueryClient();
  const today = useToday();
  const { repository, permissions } = useCurrentRepository();
  const settings = useTransactionSettings(repository?.id);
  const assets = useAssets(repository?.id);
  const tags = useTags(repository?.id);
  const transaction = useTransaction(id ?? undefined);
  const dates = useDateDisplay();
  const opened = id ? transaction.data : undefined;
  useOpenedItem(
    repository?.id,
    opened && {
      kind: 'transaction',
      label: `${opened.description?.trim() || opened.type} · ${dates.date(opened.date)}`,
      href: `/transactions/${opened.id}`,
    },
  );
  const [formState, setFormState] = useState<{ state: TDraftState; isDirty: boolean }>({
    state: id ? 'saved' : 'new',
    isDirty: id === null,
  });
  const [formKey, setFormKey] = useState(0);
  const guarded = guardState(formState.state, formState.isDirty);
  // Back, a link or a reload asks too; the list asks through `canClose` before opening another row.
  const { markClean } = useUnsavedChanges(guarded !== 'saved' && formState.isDirty, {
    scope: `/transactions/${id ?? 'new'}`,
  });
  const canClose = useUnsavedChangesGuard({
    state: guarded,
    // Discarding drops a new draft or cancels the changes (seed §4): the form starts again from the original.
    // The route follows the closed panel in the same tick, before this state renders.
    onDiscard: () => {
      markClean();
      setFormState({ state: id ? 'saved' : 'new', isDirty: false });
      setFormKey((key) => key + 1);
    },
  });
  useEffect(() => {
    guardRef.current = canClose;
  }, [guardRef, canClose]);

  const isLoading =
    settings.isPending || assets.isPending || tags.isPending || (id !== null && transaction.isPending);
  const failure = transaction.error ?? settings.error ?? assets.error;
  if (!repository) return null;
  if (failure) {
    return (
      <Stack>
        <Title order={2} size="h4">
          Transaction
        </Title>
        <Alert color="red">{failure.message}</Alert>
      </Stack>
    );
  }
  if (isLoading) return <Loader aria-label="Loading" />;

  const types = settings.data ?? [];
  const saved = id ? (transaction.data ?? null) : null;
  const currencyAssetId =
    repository.currency_asset ??
    (assets.data ?? []).find(
      (asset) => asset.type === 'currency' && asset.ticker === repository.currency && !asset.deleted_at,
    )?.id ??
    null;
  const initial = saved
    ? draftFromTransaction(
        saved,
        types.find((type) => type.name === saved.type),
      )
    : emptyDraft(today);

  const keep = (next: TTransaction) => queryClient.setQueryData(['transaction', next.id], next);
  return (
    <TransactionForm
      key={`${saved?.id ?? 'new'}-${saved?.updated_at ?? ''}-${saved?.deleted_at ?? ''}-${formKey}`}
      repositoryId={repository.id}
      currencyAssetId={currencyAssetId}
      transaction={saved}
      initial={initial}
      types={types}
      assets={assets.data ?? []}
      tags={tags.data ?? []}
      canWrite={Boolean(permissions?.canWrite)}
      onStateChange={(state, isDirty) => setFormState({ state, isDirty })}
      onSaved={(next, isNew) => {
        markClean();
        keep(next);
        setFormState({ state: 'saved', isDirty: false });
        events.current.onSaved(next, isNew);
        if (isNew) events.current.onOpen(next.id);
      }}
      onDeleted={() => {
        markClean();
        setFormState({ state: 'saved', isDirty: false });
        queryClient.removeQueries({ queryKey: ['transaction', id] });
        events.current.onListChanged();
        events.current.onClose();
      }}
      onRestored={(next) => {
        keep(next);
        events.current.onListChanged();
      }}
    />
  );
}
