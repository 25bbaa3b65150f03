import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import type { TPriceSource, TRepository } from '@strata/contracts/repositories';
import { repositoryUpdatedMessage } from '@strata/core/repositories/repository-messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useRepositoryHasFeature } from '../../subscription/index.ts';
import { clearAnalyticsCache } from '../api/clear-analytics-cache.ts';
import { updateRepository } from '../api/update-repository.ts';
import { repositoryPermissions } from '../repository-permissions.ts';
import { CurrencySelect, repositoryNameError } from './create-repository-form.tsx';
import { PriceSourcePrecedence } from './price-source-precedence.tsx';

/** Seed §9: reordering price sources is saved 500 ms after the last move, so a few quick drags are one call. */
export const PRECEDENCE_SAVE_DEBOUNCE_MS = 500;

/** Save is offered only when something changed, the form is valid and the user owns the repository. */
export function canSaveRepository(input: {
  isChanged: boolean;
  isValid: boolean;
  isOwner: boolean;
}): boolean {
  return input.isChanged && input.isValid && input.isOwner;
}

export function RepositoryDataTab({
  repository,
  repositories,
  onDelete,
  onExport,
}: {
  repository: TRepository;
  repositories: readonly TRepository[];
  onDelete: () => void;
  onExport: () => void;
}) {
  const queryClient = useQueryClient();
  const permissions = repositoryPermissions(repository);
  const canExport = useRepositoryHasFeature(repository.plan, 'export');
  const [name, setName] = useState(repository.name);
  const [currency, setCurrency] = useState<string | null>(repository.currency);
  const [precedence, setPrecedence] = useState<TPriceSource[]>(repository.settings.price_source_precedence);
  const [isSaving, setSaving] = useState(false);
  const [isClearing, setClearing] = useState(false);
  const nameError = repositoryNameError(name, repositories, repository.id);
  const isChanged = name.trim() !== repository.name || currency !== repository.currency;
  const isSaveable = canSaveRepository({
    isChanged,
    isValid: nameError === null && Boolean(currency),
    isOwner: permissions.canAdminister,
  });

  const applyUpdate = async (body: Parameters<typeof updateRepository>[1]) => {
    const updated = await updateRepository(repository.id, { ...body, version: repository.version });
    queryClient.setQueryData<TRepository[]>(REPOSITORIES_QUERY_KEY, (list) =>
      list?.map((item) => (item.id === updated.id ? updated : item)),
    );
    await queryClient.invalidateQueries({ queryKey: REPOSITORIES_QUERY_KEY });
    notifications.success(repositoryUpdatedMessage(updated.name));
    return updated;
  };

  const savePrecedence = useDebouncedCallback(
    (next: TPriceSource[]) => {
      applyUpdate({ settings: { price_source_precedence: next } }).catch((error) => {
        setPrecedence(repository.settings.price_source_precedence);
        notifyError(error);
      });
    },
    { delay: PRECEDENCE_SAVE_DEBOUNCE_MS, flushOnUnmount: true },
  );

  const save = async () => {
    if (!isSaveable || !currency) return;
    setSaving(true);
    try {
      await applyUpdate({ name: name.trim(), currency });
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  // Any member may drop cached analytics: it changes no data, only forces the next compute.
  const clearCache = async () => {
    setClearing(true);
    try {
      notifications.success(await clearAnalyticsCache(repository.id));
    } catch (error) {
      notifyError(error);
    } finally {
      setClearing(false);
    }
  };

  const isEditable = permissions.canAdminister;
  return (
    <Stack>
      <TextInput
        label="Name"
        required
        value={name}
        readOnly={!isEditable}
        onChange={(event) => setName(event.currentTarget.value)}
        error={isEditable ? nameError : undefined}
      />
      <CurrencySelect value={currency} onChange={setCurrency} isDisabled={!isEditable} />
      <PriceSourcePrecedence
        value={precedence}
        isEditable={isEditable}
        onChange={(next) => {
          setPrecedence(next);
          savePrecedence(next);
        }}
      />
      <Group>
        <Button variant="subtle" size="compact-sm" loading={isClearing} onClick={() => void clearCache()}>
          Clear analytics cache
        </Button>
      </Group>
      {isEditable && (
        <Group justify="space-between">
          <Group gap="xs">
            {canExport && (
              <Button variant="default" onClick={onExport}>
                Export
              </Button>
            )}
            <Button variant="light" color="red" onClick={onDelete}>
              Delete
            </Button>
          </Group>
          <Button onClick={() => void save()} loading={isSaving} disabled={!isSaveable}>
            Save
          </Button>
        </Group>
      )}
    </Stack>
  );
}
