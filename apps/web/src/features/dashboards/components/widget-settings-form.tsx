// A widget's settings form, built from its kind's `settingsFields` in the registry. Saves the whole
// settings object (the server checks it against core's schema).
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import type { TWidgetSettings } from '@strata/core/dashboards/widget-settings';
import { useState } from 'react';
import { WholeNumberInput } from '../timeline/whole-number-input.tsx';
import { scopeOptions, type TSettingsField, type TWidgetDefinition } from '../widgets/widget-registry.ts';
import { readWidgetSettings, type TWidgetInput } from '../widgets/widget-settings.ts';

function fieldValue(settings: TWidgetSettings, name: string): unknown {
  if (name.startsWith('pivot.')) return settings.pivot[name.slice(6) as 'rows' | 'columns' | 'value'];
  return settings[name as keyof TWidgetSettings];
}

function withField(settings: TWidgetSettings, name: string, value: unknown): TWidgetSettings {
  if (name.startsWith('pivot.')) return { ...settings, pivot: { ...settings.pivot, [name.slice(6)]: value } };
  return { ...settings, [name]: value };
}

export function WidgetSettingsForm({
  definition,
  settings: raw,
  input,
  onSave,
  onCancel,
}: {
  definition: TWidgetDefinition;
  settings: Readonly<Record<string, unknown>>;
  /** The current analytics, for the scopes a scope field offers (null while none). */
  input: TWidgetInput | null;
  onSave: (settings: TWidgetSettings) => void;
  onCancel: () => void;
}) {
  const [settings, setSettings] = useState(() => readWidgetSettings(raw, definition.defaultSettings));
  const scopes = input ? scopeOptions(input) : [];
  const render = (field: TSettingsField) => {
    const value = fieldValue(settings, field.name);
    const set = (next: unknown) => setSettings((current) => withField(current, field.name, next));
    switch (field.type) {
      case 'text':
        return (
          <TextInput
            key={field.name}
            label={field.label}
            value={String(value ?? '')}
            onChange={(event) => set(event.currentTarget.value)}
          />
        );
      case 'number':
        return (
          <WholeNumberInput
            key={field.name}
            label={field.label}
            min={field.min}
            max={field.max}
            value={typeof value === 'number' ? value : 0}
            onChange={set}
          />
        );
      case 'select':
        return (
          <Select
            key={field.name}
            label={field.label}
            data={(field.options ?? []).map((option) => ({ value: option.value, label: option.label }))}
            value={String(value ?? '')}
            allowDeselect={false}
            onChange={(next) => next && set(next)}
            comboboxProps={{ withinPortal: false }}
          />
        );
      case 'scope': {
        const options = [
          { value: 'repository', label: 'Repository', scope_kind: 'repository' },
          ...scopes.filter((scope) => scope.scope_kind !== 'repository'),
        ];
        const current = `${settings.scope_kind}:${settings.scope_id}`;
        return (
          <Select
            key={field.name}
            label={field.label}
            searchable
            data={options.map((option) => ({
              value: `${option.scope_kind}:${option.value}`,
              label:
                option.scope_kind === 'repository' ? option.label : `${option.label} (${option.scope_kind})`,
            }))}
            value={current}
            allowDeselect={false}
            onChange={(next) => {
              const option = options.find((item) => `${item.scope_kind}:${item.value}` === next);
              if (option) {
                setSettings((currentSettings) => ({
                  ...currentSettings,
                  scope_kind: option.scope_kind as TWidgetSettings['scope_kind'],
                  scope_id: option.value,
                }));
              }
            }}
            comboboxProps={{ withinPortal: false }}
          />
        );
      }
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(settings);
      }}
    >
      <Stack gap="sm">
        {definition.settingsFields.map(render)}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit">Save</Button>
        </Group>
      </Stack>
    </form>
  );
}
