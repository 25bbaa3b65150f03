import { Alert, Button, Checkbox, Group, Stack, Text, Title } from '@mantine/core';
import type { TLinkedTransaction } from '@strata/contracts/linked-transactions';
import type { TRule } from '@strata/contracts/rules';
import type { TRuleType } from '@strata/core/rules/rule-model';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { confirmUnsavedChanges } from '../../../shared/forms/confirm-unsaved-changes.tsx';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useAssets } from '../../assets/index.ts';
import {
  applyRule,
  createRule,
  criteriaOptionsLoader,
  fetchSampleSource,
  rulesKey,
  updateRule,
  useLinkedTags,
} from '../api/rules.ts';
import { appliedRuleMessage, createdRuleMessage, type TApplyMessage } from '../lib/apply-status-messages.ts';
import {
  checkDraft,
  criteriaFieldsFor,
  criteriaSummary,
  draftFromLinkedTransaction,
  draftFromRule,
  emptyRuleDraft,
  isSameRule,
  ruleDataOf,
  submitLabel,
  type TRuleDraft,
} from '../lib/rule-draft.ts';
import { CriteriaEditor } from './criteria-editor.tsx';
import { JsonPathPicker } from './json-path-picker.tsx';
import { MappingActionEditor } from './mapping-action-editor.tsx';
import { RulePreview } from './rule-preview.tsx';
import { TaggingActionsEditor } from './tagging-actions-editor.tsx';

export interface TRuleDialogOptions {
  repositoryId: string;
  type: TRuleType;
  /** A saved rule to edit. */
  rule?: TRule;
  /** 'Create tagging rule' / 'Create mapping rule' from a linked transaction row. */
  prefill?: TLinkedTransaction;
  canWrite: boolean;
}

/** The dialog's title follows its view: 'New rule' / 'Edit rule', or 'Preview changes'. */
function createTitleStore(initial: string) {
  let title = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => title,
    set(next: string) {
      title = next;
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
type TTitleStore = ReturnType<typeof createTitleStore>;

function DialogTitle({ store }: { store: TTitleStore }) {
  return <>{useSyncExternalStore(store.subscribe, store.get)}</>;
}

/** Opens the rule dialog (large, seed §2); its Escape and close button ask before losing changes. */
export function openRuleDialog(options: TRuleDialogOptions): void {
  const titles = createTitleStore(options.rule ? 'Edit rule' : 'New rule');
  const guard: RefObject<() => Promise<boolean>> = { current: async () => true };
  modals.open({
    kind: 'dialog',
    size: 'xl',
    title: <DialogTitle store={titles} />,
    canClose: () => guard.current(),
    render: ({ close }) => (
      <RuleDialog
        {...options}
        titles={titles}
        guard={guard}
        onDone={() => {
          guard.current = async () => true;
          void close();
        }}
      />
    ),
  });
}

function RuleDialog({
  repositoryId,
  type,
  rule,
  prefill,
  canWrite,
  titles,
  guard,
  onDone,
}: TRuleDialogOptions & {
  titles: TTitleStore;
  guard: RefObject<() => Promise<boolean>>;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const assets = useAssets(repositoryId);
  const tags = useLinkedTags(repositoryId);
  const loadOptions = useMemo(
    () => criteriaOptionsLoader(queryClient, repositoryId),
    [queryClient, repositoryId],
  );
  const initial = useMemo(
    () =>
      rule ? draftFromRule(rule) : prefill ? draftFromLinkedTransaction(type, prefill) : emptyRuleDraft(type),
    [rule, prefill, type],
  );
  const [draft, setDraft] = useState<TRuleDraft>(initial);
  const [view, setView] = useState<'settings' | 'preview'>('settings');
  const [isBusy, setBusy] = useState(false);
  const isChanged = !isSameRule(draft, initial);
  const isPrefilled = Boolean(prefill);
  const check = checkDraft(draft);
  const isReadOnly = !canWrite;
  const label = submitLabel({ isExisting: Boolean(rule), isChanged, isPrefilled });
  const fields = criteriaFieldsFor(type);

  useEffect(() => {
    guard.current = async () => {
      if (!canWrite || (!isChanged && (rule || !isPrefilled))) return true;
      return (await confirmUnsavedChanges()) === 'discard';
    };
  }, [guard, canWrite, isChanged, rule, isPrefilled]);
  useEffect(() => {
    titles.set(view === 'preview' ? 'Preview changes' : rule ? 'Edit rule' : 'New rule');
  }, [titles, view, rule]);

  const liveAssets = (assets.data ?? []).filter((asset) => !asset.deleted_at);
  const assetName = (id: string) => liveAssets.find((asset) => asset.id === id)?.name ?? id;
  const pickPath = () =>
    new Promise<string | null>((resolve) => {
      let picked: string | null = null;
      modals.open({
        kind: 'dialog',
        size: 'lg',
        title: 'JSON data',
        canClose: () => {
          resolve(picked);
          return true;
        },
        render: ({ close }) => (
          <SampleSource
            repositoryId={repositoryId}
            linkedTransactionId={prefill?.id}
            onPick={(path) => {
              picked = path;
              void close();
            }}
          />
        ),
      });
    });

  const tell = (result: TApplyMessage, progressId: string) => {
    if (result.kind === 'success') notifications.resolve(progressId, result.message);
    else {
      notifications.remove(progressId);
      if (result.kind === 'error') notifications.error(result.message);
      else if (result.kind === 'warn') notifications.warn(result.message);
    }
    if (result.closesDialog) onDone();
  };

  const submit = async () => {
    setBusy(true);
    const data = ruleDataOf(draft);
    const apply_to_existing_transactions = !draft.applyFutureOnly;
    try {
      if (!rule) {
        const id = notifications.progress('rule-create', 'Creating rule');
        const created = await createRule({
          repository_id: repositoryId,
          type,
          data,
          apply_to_existing_transactions,
          enabled: true,
        }).catch((error) => {
          notifications.remove(id);
          throw error;
        });
        tell(createdRuleMessage(created.apply_status), id);
      } else if (label === 'Apply to historic') {
        const id = notifications.progress('rule-apply', 'Apply changes');
        const summary = await applyRule({ repository_id: repositoryId, id: rule.id, type, data }).catch(
          (error) => {
            notifications.remove(id);
            throw error;
          },
        );
        tell(appliedRuleMessage(summary.apply_status), id);
      } else {
        const id = notifications.progress('rule-update', 'Updating rule');
        const updated = await updateRule(rule.id, {
          type,
          data,
          apply_to_existing_transactions,
          version: rule.version,
        }).catch((error) => {
          notifications.remove(id);
          throw error;
        });
        tell(
          updated.summary
            ? appliedRuleMessage(updated.summary.apply_status)
            : { message: 'Rule updated', kind: 'success', closesDialog: true },
          id,
        );
      }
      await queryClient.invalidateQueries({ queryKey: rulesKey(repositoryId) });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" data-testid="rule-dialog">
      {view === 'preview' ? (
        <>
          <Text fw={500}>{criteriaSummary(draft)}</Text>
          <RulePreview
            body={{
              repository_id: repositoryId,
              type,
              data: ruleDataOf(draft),
              ...(rule ? { id: rule.id } : {}),
            }}
            assetName={assetName}
          />
        </>
      ) : (
        <>
          <Title order={3} size="h5">
            If
          </Title>
          <CriteriaEditor
            fields={fields}
            value={draft.criteria}
            isReadOnly={isReadOnly}
            loadOptions={loadOptions}
            onChange={(criteria) => setDraft({ ...draft, criteria })}
          />
          <Title order={3} size="h5">
            Then
          </Title>
          {type === 'tagging' ? (
            <TaggingActionsEditor
              value={draft.taggingActions}
              tagOptions={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
              isReadOnly={isReadOnly}
              onChange={(taggingActions) => setDraft({ ...draft, taggingActions })}
            />
          ) : (
            <MappingActionEditor
              value={draft.mapping}
              assets={liveAssets}
              isReadOnly={isReadOnly}
              onPickPath={pickPath}
              onChange={(mapping) => setDraft({ ...draft, mapping })}
            />
          )}
          {!isReadOnly && (
            <Checkbox
              label="Apply to future only"
              checked={draft.applyFutureOnly}
              onChange={(event) => setDraft({ ...draft, applyFutureOnly: event.currentTarget.checked })}
            />
          )}
          {!check.canSubmit && isChanged && (
            <Alert color="gray" variant="light">
              {check.errors.map((error) => error.message).join('. ')}
            </Alert>
          )}
        </>
      )}
      <Group justify="space-between">
        <Group gap="xs">
          <Button variant={view === 'settings' ? 'light' : 'default'} onClick={() => setView('settings')}>
            Rule settings
          </Button>
          <Button
            variant={view === 'preview' ? 'light' : 'default'}
            disabled={!check.canSubmit}
            onClick={() => setView('preview')}
          >
            Preview changes
          </Button>
        </Group>
        {!isReadOnly && (
          <Button loading={isBusy} disabled={!check.canSubmit} onClick={() => void submit()}>
            {label}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

function SampleSource({
  repositoryId,
  linkedTransactionId,
  onPick,
}: {
  repositoryId: string;
  linkedTransactionId?: string;
  onPick: (path: string) => void;
}) {
  const [state, setState] = useState<{ status: 'loading' | 'ready' | 'failed'; sample?: unknown }>({
    status: 'loading',
  });
  useEffect(() => {
    let isCurrent = true;
    fetchSampleSource(repositoryId, linkedTransactionId).then(
      (sample) => isCurrent && setState({ status: 'ready', sample }),
      () => isCurrent && setState({ status: 'failed' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [repositoryId, linkedTransactionId]);
  if (state.status === 'loading') return <Text c="dimmed">Loading JSON data...</Text>;
  if (state.status === 'failed') return <Alert color="red">Failed to load JSON data</Alert>;
  return (
    <Stack gap="xs">
      <Text size="sm">Click a field to use its path.</Text>
      <JsonPathPicker sample={state.sample} onPick={onPick} />
    </Stack>
  );
}
