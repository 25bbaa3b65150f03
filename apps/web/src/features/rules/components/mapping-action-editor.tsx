import { Divider, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { TAsset } from '@strata/contracts/assets';
import { findTransactionType, mappingTargetTypes } from '@strata/core/transactions/catalogue';
import {
  setMappingType,
  type TMappedDraft,
  type TMappedEntryDraft,
  type TMappingDraft,
} from '../lib/rule-draft.ts';
import { MappedValueInput } from './mapped-value-input.tsx';

const TYPE_DATA = mappingTargetTypes().map((name) => ({ value: name, label: name }));

/** The mapping action: the smart transaction's type, date, description and each of its type's entries. */
export function MappingActionEditor({
  value,
  onChange,
  assets,
  onPickPath,
  isReadOnly,
}: {
  value: TMappingDraft;
  onChange: (mapping: TMappingDraft) => void;
  assets: readonly Pick<TAsset, 'id' | 'name' | 'type'>[];
  onPickPath: () => Promise<string | null>;
  isReadOnly: boolean;
}) {
  const definition = value.transaction_type ? findTransactionType(value.transaction_type) : undefined;
  const optionsOf = (includes: readonly string[]) =>
    assets
      .filter((asset) => includes.includes(asset.type))
      .map((asset) => ({ value: asset.id, label: asset.name }));
  const setEntry = (index: number, change: Partial<TMappedEntryDraft>) =>
    onChange({
      ...value,
      entries: value.entries.map((entry, at) => (at === index ? { ...entry, ...change } : entry)),
    });
  const textFixed = (
    label: string,
    mapped: TMappedDraft,
    set: (next: TMappedDraft) => void,
    type = 'text',
  ) => (
    <TextInput
      aria-label={label}
      type={type}
      value={mapped.value}
      disabled={isReadOnly}
      onChange={(event) => set({ ...mapped, value: event.currentTarget.value })}
    />
  );
  return (
    <Stack gap="sm" data-testid="rule-mapping">
      <Select
        label="Transaction type"
        placeholder="Pick the type to map to"
        searchable
        data={TYPE_DATA}
        value={value.transaction_type || null}
        disabled={isReadOnly}
        onChange={(type) => onChange(setMappingType(value, type ?? ''))}
        comboboxProps={{ withinPortal: true }}
      />
      <MappedValueInput
        label="Date"
        value={value.date}
        isReadOnly={isReadOnly}
        onPickPath={onPickPath}
        onChange={(date) => onChange({ ...value, date })}
        fixed={textFixed('Date', value.date, (date) => onChange({ ...value, date }), 'date')}
      />
      <MappedValueInput
        label="Description"
        value={value.description}
        isReadOnly={isReadOnly}
        onPickPath={onPickPath}
        onChange={(description) => onChange({ ...value, description })}
        fixed={textFixed('Description', value.description, (description) =>
          onChange({ ...value, description }),
        )}
      />
      {definition?.entries.map((setting, index) => {
        const entry = value.entries[index];
        if (!entry) return null;
        return (
          <Paper key={setting.title} withBorder p="xs">
            <Stack gap="xs" role="group" aria-label={`Entry ${setting.title}`}>
              <Text fw={600} size="sm">
                {setting.title}
              </Text>
              <Text size="xs" c="dimmed">
                {setting.amountDescription}
              </Text>
              <Divider />
              <MappedValueInput
                label={`${setting.title}: account`}
                value={entry.account}
                withContextAccount
                isReadOnly={isReadOnly}
                onPickPath={onPickPath}
                onChange={(account) => setEntry(index, { account })}
                fixed={
                  <Select
                    aria-label={`${setting.title}: account`}
                    searchable
                    data={optionsOf(setting.account.includes)}
                    value={entry.account.value || null}
                    disabled={isReadOnly}
                    onChange={(id) => setEntry(index, { account: { ...entry.account, value: id ?? '' } })}
                    comboboxProps={{ withinPortal: true }}
                  />
                }
              />
              <MappedValueInput
                label={`${setting.title}: amount`}
                value={entry.amount}
                isReadOnly={isReadOnly}
                onPickPath={onPickPath}
                onChange={(amount) => setEntry(index, { amount })}
                fixed={textFixed(`${setting.title}: amount`, entry.amount, (amount) =>
                  setEntry(index, { amount }),
                )}
              />
              <MappedValueInput
                label={`${setting.title}: asset`}
                value={entry.asset}
                isReadOnly={isReadOnly}
                onPickPath={onPickPath}
                onChange={(asset) => setEntry(index, { asset })}
                fixed={
                  <Select
                    aria-label={`${setting.title}: asset`}
                    searchable
                    data={optionsOf(setting.asset.includes)}
                    value={entry.asset.value || null}
                    disabled={isReadOnly}
                    onChange={(id) => setEntry(index, { asset: { ...entry.asset, value: id ?? '' } })}
                    comboboxProps={{ withinPortal: true }}
                  />
                }
              />
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
