import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { TInvite } from '@strata/contracts/collaboration';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { INVITES_QUERY_KEY, REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { respondToInvite, useMyInvites } from '../api/invites.ts';
import { ACCESS_LEVEL_LABELS } from '../repository-permissions.ts';

function InviteRow({ invite }: { invite: TInvite }) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<'accept' | 'decline' | null>(null);
  const answer = async (choice: 'accept' | 'decline') => {
    setPending(choice);
    try {
      await respondToInvite(invite.id, choice);
      notifications.success(
        choice === 'accept'
          ? `Repository ${invite.repository_name} added`
          : `Invite to ${invite.repository_name} declined`,
      );
      await queryClient.invalidateQueries({ queryKey: INVITES_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: REPOSITORIES_QUERY_KEY });
    } catch (error) {
      notifyError(error);
    } finally {
      setPending(null);
    }
  };
  return (
    <Paper withBorder p="xs" aria-label={`Invite to ${invite.repository_name}`}>
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="sm" fw={600}>
            {invite.repository_name}
          </Text>
          <Text size="xs" c="dimmed">
            {invite.invited_by ? `Shared by ${invite.invited_by}` : 'Shared with you'} ·{' '}
            {ACCESS_LEVEL_LABELS[invite.access_type]}
          </Text>
        </div>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" loading={pending === 'accept'} onClick={() => void answer('accept')}>
            Accept
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={pending === 'decline'}
            onClick={() => void answer('decline')}
          >
            Decline
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}

/** Open invites addressed to the user; nothing at all when there are none. */
export function PendingInvites() {
  const invites = useMyInvites();
  const open = (invites.data ?? []).filter((invite) => invite.status === 'pending');
  if (open.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        Invites
      </Text>
      {open.map((invite) => (
        <InviteRow key={invite.id} invite={invite} />
      ))}
    </Stack>
  );
}
