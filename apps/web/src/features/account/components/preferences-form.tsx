import { zodResolver } from '@hookform/resolvers/zod';
import { Button, NumberInput, Select, Stack, Switch } from '@mantine/core';
import { ASSISTANT_MESSAGES } from '@strata/contracts/assistant';
import { type TUserSettings, ZTimeZone, ZUserSettings } from '@strata/contracts/user-settings';
import { DATE_FORMATS } from '@strata/core/settings/date-format';
import { isAnalyticsDebugTabsEnabled, withAnalyticsDebugTabs } from '@strata/core/settings/ui-settings-flags';
import { useQueryClient } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { useAssistantStatus } from '../../assistant/index.ts';
import { browserTimeZone, saveUserSettings } from '../../session/index.ts';

const ZPreferencesForm = ZUserSettings.pick({
  dateFormat: true,
  allowedInactivityTime: true,
  earlyAccess: true,
  timelineOpened: true,
  // The contract defaults it for older clients; the form always has it.
}).extend({ isAnalyticsDebugTabsEnabled: z.boolean(), timeZone: ZTimeZone, isAiAgentEnabled: z.boolean() });
type TPreferencesForm = z.infer<typeof ZPreferencesForm>;

const DATE_FORMAT_EXAMPLES: Record<(typeof DATE_FORMATS)[number], string> = {
  'MM/DD/YYYY': '11/25/2026',
  'DD/MM/YYYY': '25/11/2026',
  'YYYY-MM-DD': '2026-11-25',
};

export const PREFERENCES_SAVED = 'Settings saved';

function formValuesOf(settings: TUserSettings): TPreferencesForm {
  return {
    dateFormat: settings.dateFormat,
    allowedInactivityTime: settings.allowedInactivityTime,
    earlyAccess: settings.earlyAccess,
    timelineOpened: settings.timelineOpened,
    isAiAgentEnabled: settings.isAiAgentEnabled,
    isAnalyticsDebugTabsEnabled: isAnalyticsDebugTabsEnabled(settings.uiSettings),
    // Until the user picks one, the browser's zone is what decides today (docs/domain.md, *Today*).
    timeZone: settings.timeZone ?? browserTimeZone() ?? 'UTC',
  };
}

/** The zones the browser knows, with the current one kept even if the list lacks it (an alias). */
function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}

/** The user's own settings (seed §3 "User settings") that no other screen changes. */
export function PreferencesForm({ userId, settings }: { userId: string; settings: TUserSettings }) {
  const queryClient = useQueryClient();
  const form = useForm<TPreferencesForm>({
    resolver: zodResolver(ZPreferencesForm),
    defaultValues: formValuesOf(settings),
  });
  const { errors, isSubmitting, isDirty } = form.formState;
  const assistant = useAssistantStatus();

  const onSubmit = form.handleSubmit(async ({ isAnalyticsDebugTabsEnabled: isDebugOn, ...fields }) => {
    try {
      const saved = await saveUserSettings(queryClient, userId, (current) => ({
        ...current,
        ...fields,
        uiSettings: withAnalyticsDebugTabs(current.uiSettings, isDebugOn),
      }));
      form.reset(formValuesOf(saved));
      notifications.success(PREFERENCES_SAVED);
    } catch (error) {
      notifyError(error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={480}>
        <Controller
          control={form.control}
          name="dateFormat"
          render={({ field }) => (
            <Select
              label="Date format"
              description="How dates are shown and typed everywhere in Strata"
              data={DATE_FORMATS.map((format) => ({
                value: format,
                label: `${format} (${DATE_FORMAT_EXAMPLES[format]})`,
              }))}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              error={errors.dateFormat?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="timeZone"
          render={({ field }) => (
            <Select
              label="Time zone"
              description="Decides which day is today: new transactions, the dashboards' end date"
              data={timeZoneOptions(field.value)}
              searchable
              // Some 400 zones: type a part of the name ('Berlin') to find one.
              limit={50}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => value && field.onChange(value)}
              error={errors.timeZone?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="allowedInactivityTime"
          render={({ field }) => (
            <NumberInput
              label="Ask whether I am still there after (minutes)"
              description="Without an answer you are signed out five minutes later"
              min={1}
              max={1440}
              allowDecimal={false}
              value={field.value}
              onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
              error={errors.allowedInactivityTime?.message}
            />
          )}
        />
        <Switch
          label="Open the timeline panel on dashboards"
          {...form.register('timelineOpened')}
          error={errors.timelineOpened?.message}
        />
        <Switch
          label="Analytics pages"
          description="Adds the Analytics menu: value, value change, income and position tables with drill-down"
          {...form.register('isAnalyticsDebugTabsEnabled')}
        />
        <Switch
          label="AI agent"
          description={
            assistant.data?.is_configured === false
              ? `${ASSISTANT_MESSAGES.NOT_CONFIGURED}. ${ASSISTANT_MESSAGES.NOT_CONFIGURED_HINT}`
              : 'Adds the assistant panel: ask about the current repository, it looks things up and never changes data'
          }
          {...form.register('isAiAgentEnabled')}
        />
        <Switch
          label="Early access"
          description="Try features before they are released to everyone"
          {...form.register('earlyAccess')}
        />
        <Button type="submit" loading={isSubmitting} disabled={!isDirty} w="fit-content">
          Save
        </Button>
      </Stack>
    </form>
  );
}
