import { Alert, Button, Group, Loader, NumberInput, Select, Stack, Text } from '@mantine/core';
import type { TConnectorScheduleBody } from '@strata/contracts/linked-providers';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import {
  saveConnectorSchedule,
  type TConnectorSchedule,
  useConnectorSchedule,
} from '../api/authorizations.ts';

export const SCHEDULE_SAVED = 'Sync schedule saved successfully.';

const SCHEDULE_CHOICES = [
  { value: 'off', label: 'Off' },
  { value: 'daily', label: 'Daily' },
  { value: 'every_n_hours', label: 'Every few hours' },
];

/** Shown in the user's zone, with the zone's name: the scheduler ticks in UTC. */
// dateStyle cannot be combined with timeZoneName, so the parts are named one by one.
const WHEN_FORMAT = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZoneName: 'short',
});
const when = (iso: string) => WHEN_FORMAT.format(new Date(iso));

function ScheduleForm({
  connectorId,
  current,
  onSaved,
  onCancel,
}: {
  connectorId: string;
  current: TConnectorSchedule;
  onSaved: (saved: TConnectorSchedule) => void;
  onCancel: () => void;
}) {
  const [schedule, setSchedule] = useState<TConnectorScheduleBody['schedule']>(current.schedule);
  const [everyHours, setEveryHours] = useState<number>(
    current.schedule === 'every_n_hours' && current.every_hours ? current.every_hours : 6,
  );
  const [isSaving, setSaving] = useState(false);
  const isHoursValid = Number.isInteger(everyHours) && everyHours >= 1 && everyHours <= 24;
  const save = async () => {
    setSaving(true);
    try {
      const body: TConnectorScheduleBody =
        schedule === 'every_n_hours' ? { schedule, every_hours: everyHours } : { schedule };
      const saved = await saveConnectorSchedule(connectorId, body);
      notifications.success(SCHEDULE_SAVED);
      onSaved(saved);
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (schedule !== 'every_n_hours' || isHoursValid) void save();
      }}
    >
      <Stack gap="sm">
        <Select
          label="Sync"
          data={SCHEDULE_CHOICES}
          value={schedule}
          allowDeselect={false}
          onChange={(value) => value && setSchedule(value as TConnectorScheduleBody['schedule'])}
          comboboxProps={{ withinPortal: false }}
        />
        {schedule === 'every_n_hours' && (
          <NumberInput
            label="Every (hours)"
            min={1}
            max={24}
            allowDecimal={false}
            value={everyHours}
            onChange={(value) => setEveryHours(typeof value === 'number' ? value : Number(value))}
            error={isHoursValid ? undefined : 'From 1 to 24 hours'}
          />
        )}
        <Stack gap={2} data-testid="schedule-state">
          {current.next_sync_at && <Text size="xs">Next sync: {when(current.next_sync_at)}</Text>}
          {current.last_synced_at && (
            <Text size="xs" c="dimmed">
              Last synced: {when(current.last_synced_at)}
            </Text>
          )}
          {current.failures > 0 && (
            <Text size="xs" c="red">
              {current.failures === 1 ? 'The last sync failed' : `The last ${current.failures} syncs failed`}:
              each failure doubles the wait before the next one.
            </Text>
          )}
        </Stack>
        {current.is_login_required && (
          <Alert color="orange" p="xs">
            <Text size="xs">The bank asks you to sign in again: no scheduled sync until you reconnect.</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving} disabled={schedule === 'every_n_hours' && !isHoursValid}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** 'Sync schedule': off (the default), daily or every 1–24 hours, with when it syncs next (issue #24). */
export function ConnectorScheduleDialog({
  connectorId,
  onClose,
}: {
  connectorId: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const current = useConnectorSchedule(connectorId);
  if (current.isPending) return <Loader size="sm" aria-label="Loading the schedule" />;
  if (current.error) {
    return (
      <Alert color="red" title="The schedule could not be loaded">
        {current.error.message}
      </Alert>
    );
  }
  return (
    <ScheduleForm
      connectorId={connectorId}
      current={current.data}
      onCancel={onClose}
      onSaved={(saved) => {
        queryClient.setQueryData(['linked-data', 'schedule', connectorId], saved);
        onClose();
      }}
    />
  );
}

export function openConnectorSchedule(connector: { id: string; name: string }): void {
  modals.open({
    id: 'connector-schedule',
    kind: 'dialog',
    size: 'sm',
    title: `Sync schedule of ${connector.name}`,
    render: ({ close }) => (
      <ConnectorScheduleDialog connectorId={connector.id} onClose={() => void close()} />
    ),
  });
}
