import { Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import type { TRepository } from '@strata/contracts/repositories';
import { REPOSITORY_MESSAGES, repositoryCreatedMessage } from '@strata/core/repositories/repository-messages';
import { isRepositoryNameTaken } from '@strata/core/repositories/repository-name';
import { MESSAGES } from '@strata/core/validation/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { createRepository, initializeRepository } from '../api/create-repository.ts';
import { useCurrencies } from '../api/list-currencies.ts';
import { planLimitFromError } from '../plan-limit.ts';
import { ownedRepositories } from '../repository-names.ts';
import { showPlanLimitPrompt } from './plan-limit-prompt.ts';

/** Seed §5: name and currency required, name at most 255 and unique among the repositories the user owns. */
export function repositoryNameError(
  name: string,
  repositories: readonly Pick<TRepository, 'id' | 'name' | 'access_type'>[],
  exceptId?: string,
): string | null {
  if (name.trim() === '') return MESSAGES.REQUIRED;
  if (name.trim().length > 255) return MESSAGES.TOO_LONG;
  if (isRepositoryNameTaken(name, ownedRepositories(repositories), exceptId)) {
    return REPOSITORY_MESSAGES.NAME_TAKEN;
  }
  return null;
}

export function CurrencySelect({
  value,
  onChange,
  isDisabled,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  isDisabled?: boolean;
}) {
  const currencies = useCurrencies();
  const data = (currencies.data ?? []).map((currency) => ({
    value: currency.ticker,
    label: `${currency.ticker} — ${currency.name}`,
  }));
  if (value && !data.some((item) => item.value === value)) data.unshift({ value, label: value });
  return (
    <Select
      label="Currency"
      required
      searchable
      data={data}
      value={value}
      onChange={onChange}
      disabled={isDisabled}
      error={value ? undefined : MESSAGES.REQUIRED}
      nothingFoundMessage="No such currency"
    />
  );
}

export function CreateRepositoryForm({
  repositories,
  onCreated,
  onCancel,
}: {
  repositories: readonly TRepository[];
  onCreated: (repository: TRepository) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [currency, setCurrency] = useState<string | null>('USD');
  const [isInitDefaultTags, setInitDefaultTags] = useState(true);
  const [isTouched, setTouched] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const nameError = repositoryNameError(name, repositories);
  const isValid = nameError === null && Boolean(currency);

  const submit = async () => {
    setTouched(true);
    if (!isValid || !currency) return;
    setSaving(true);
    try {
      const created = await createRepository({
        name: name.trim(),
        currency,
        settings: { init_default_tags: isInitDefaultTags },
      });
      await initializeRepository(created.id);
      await queryClient.invalidateQueries({ queryKey: REPOSITORIES_QUERY_KEY });
      notifications.success(repositoryCreatedMessage(created.name));
      onCreated(created);
    } catch (error) {
      const prompt = planLimitFromError(error);
      if (prompt) showPlanLimitPrompt(prompt);
      else notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <TextInput
          label="Name"
          required
          data-autofocus
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          onBlur={() => setTouched(true)}
          error={isTouched ? nameError : undefined}
          maxLength={300}
        />
        <CurrencySelect value={currency} onChange={setCurrency} />
        <Checkbox
          label="Initialize default tags"
          checked={isInitDefaultTags}
          onChange={(event) => setInitDefaultTags(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving} disabled={!isValid}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
