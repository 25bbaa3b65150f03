// The dashboard timeline controls (seed §9): periods and frequency, the end day or 'End is today', include
// end, currency and decimal precision; the 7–90 day windows, the quick presets and the year picker.
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SegmentedControl,
  Select,
  Stack,
  Switch,
} from '@mantine/core';
import { FREQUENCIES, MAX_PERIODS, type TFrequency } from '@strata/core/analytics/analytics-types';
import { MAX_PRECISION } from '@strata/core/dashboards/widget-settings';
import { DateField } from '../../../shared/forms/date-field.tsx';
import { webToday } from '../../session/index.ts';
import {
  FREQUENCY_LABELS,
  QUICK_PRESETS,
  quickPreset,
  type TTimelineSettings,
  type TTimelineWindow,
  validateTimeline,
  WINDOW_PRESETS,
  windowPreset,
  yearOptions,
  yearPreset,
} from './timeline-rules.ts';
import { WholeNumberInput } from './whole-number-input.tsx';

export interface TTimelineControlsProps {
  value: TTimelineSettings;
  onChange: (next: TTimelineSettings) => void;
  /** Codes the reporting currency can be (the repository's first). */
  currencies: readonly string[];
  /** Shown when `value.currency` is null. */
  repositoryCurrency: string;
  /** YYYY-MM-DD: the user's today (`useToday`); the browser's calendar day when left out. */
  today?: string;
}

export function TimelineControls({
  value,
  onChange,
  currencies,
  repositoryCurrency,
  today,
}: TTimelineControlsProps) {
  const day = today ?? webToday(null);
  const errors = validateTimeline(value);
  const set = (patch: Partial<TTimelineSettings>) => onChange({ ...value, ...patch });
  const apply = (window: TTimelineWindow) => onChange({ ...value, ...window });
  const currencyOptions = [...new Set([repositoryCurrency, ...currencies])];
  return (
    <Stack gap="xs" role="group" aria-label="Timeline">
      <Group gap="xs" wrap="wrap">
        {QUICK_PRESETS.map((preset) => (
          <Button
            key={preset.id}
            size="compact-xs"
            variant="default"
            onClick={() => apply(quickPreset(preset.id, day))}
          >
            {preset.label}
          </Button>
        ))}
        {WINDOW_PRESETS.map((days) => (
          <Button key={days} size="compact-xs" variant="default" onClick={() => apply(windowPreset(days))}>
            {days} days
          </Button>
        ))}
        <NativeSelect
          size="xs"
          w={96}
          aria-label="Year"
          value=""
          data={[{ value: '', label: 'Year' }, ...yearOptions(day).map(String)]}
          onChange={(event) =>
            event.currentTarget.value && apply(yearPreset(Number(event.currentTarget.value)))
          }
        />
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <WholeNumberInput
          size="xs"
          w={96}
          label="Periods"
          min={1}
          max={MAX_PERIODS}
          value={value.periods}
          error={errors.periods}
          onChange={(next) => set({ periods: next })}
        />
        <SegmentedControl
          size="xs"
          aria-label="Frequency"
          value={value.freq}
          onChange={(next) => set({ freq: next as TFrequency })}
          data={FREQUENCIES.map((freq) => ({ value: freq, label: FREQUENCY_LABELS[freq] }))}
        />
        <Switch
          size="xs"
          label="End is today"
          checked={value.end_is_today}
          onChange={(event) => set({ end_is_today: event.currentTarget.checked, end: value.end ?? day })}
        />
        {!value.end_is_today && (
          <DateField
            size="xs"
            label="End"
            value={value.end ?? ''}
            error={errors.end}
            onChange={(end) => set({ end: end || null })}
          />
        )}
        <Checkbox
          size="xs"
          label="Include end"
          checked={value.include_end}
          onChange={(event) => set({ include_end: event.currentTarget.checked })}
        />
        <Select
          size="xs"
          w={96}
          label="Currency"
          data={currencyOptions}
          value={value.currency ?? repositoryCurrency}
          allowDeselect={false}
          onChange={(next) => set({ currency: !next || next === repositoryCurrency ? null : next })}
          comboboxProps={{ withinPortal: false }}
        />
        <WholeNumberInput
          size="xs"
          w={96}
          label="Decimals"
          min={0}
          max={MAX_PRECISION}
          value={value.precision}
          error={errors.precision}
          onChange={(next) => set({ precision: next })}
        />
      </Group>
    </Stack>
  );
}
