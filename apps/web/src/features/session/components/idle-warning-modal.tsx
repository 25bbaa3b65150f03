import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { NOTIFICATION_Z_INDEX } from '../../../shared/ui/layers.ts';

function formatRemaining(ms: number): string {
  const totalSeconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

export interface TIdleWarningModalProps {
  deadline: number | null;
  onStay: () => void;
  onSignOut: () => void;
}

/** Seed §4: 'Still there?' / 'Click Stay signed in', a countdown, Sign out / Stay signed in. */
export function IdleWarningModal({ deadline, onStay, onSignOut }: TIdleWarningModalProps) {
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const interval = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(interval);
  }, [deadline]);

  return (
    <Modal
      opened={deadline !== null}
      onClose={onStay}
      title="Still there?"
      centered
      closeOnClickOutside={false}
      // Above any stacked modal, just below the toasts.
      zIndex={NOTIFICATION_Z_INDEX - 1}
    >
      <Text>Click Stay signed in</Text>
      <Text size="sm" c="dimmed" mt="xs" aria-live="polite">
        You will be signed out in{' '}
        <b data-testid="idle-countdown">{formatRemaining((deadline ?? now) - now)}</b>
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onSignOut}>
          Sign out
        </Button>
        <Button onClick={onStay} data-autofocus>
          Stay signed in
        </Button>
      </Group>
    </Modal>
  );
}
