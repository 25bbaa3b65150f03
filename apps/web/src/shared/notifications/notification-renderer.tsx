import { Anchor, Badge, Box, Button, Group, List, Notification, Overlay, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconClockHour4, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { NOTIFICATION_Z_INDEX } from '../ui/layers.ts';
import {
  notifications,
  type TNotification,
  type TNotificationStore,
  type TNotificationType,
  visibleErrorDetails,
} from './notification-store.ts';
import { useNotifications } from './use-notifications.ts';

const COLOR: Record<TNotificationType, string> = {
  error: 'red',
  success: 'teal',
  warn: 'yellow',
  timeout: 'orange',
  progress: 'blue',
};

function icon(type: TNotificationType) {
  switch (type) {
    case 'error':
      return <IconX size={18} />;
    case 'success':
      return <IconCheck size={18} />;
    case 'warn':
      return <IconAlertTriangle size={18} />;
    case 'timeout':
      return <IconClockHour4 size={18} />;
    case 'progress':
      return undefined;
  }
}

function NotificationItem({ item, store }: { item: TNotification; store: TNotificationStore }) {
  const details = visibleErrorDetails(item.errors);
  return (
    <Notification
      color={COLOR[item.type]}
      icon={icon(item.type)}
      loading={item.type === 'progress'}
      withBorder
      withCloseButton={item.isClosable}
      closeButtonProps={{ 'aria-label': 'Close notification' }}
      onClose={() => store.remove(item.id)}
      role={item.type === 'error' ? 'alert' : 'status'}
      title={
        <Group gap="xs" wrap="nowrap">
          <span>{item.message}</span>
          {item.duplicates_count > 0 && (
            <Badge
              size="xs"
              variant="light"
              color={COLOR[item.type]}
              aria-label={`Repeated ${item.duplicates_count} times`}
            >
              ×{item.duplicates_count + 1}
            </Badge>
          )}
        </Group>
      }
    >
      <Stack gap={4}>
        {item.description && <Text size="sm">{item.description}</Text>}
        {details.length > 0 && (
          <List size="sm" spacing={2}>
            {details.map((detail, index) => (
              // Entries can repeat; their order is their identity.
              // biome-ignore lint/suspicious/noArrayIndexKey: static list
              <List.Item key={index}>{detail}</List.Item>
            ))}
          </List>
        )}
        {item.link && (
          <Anchor component={Link} to={item.link.to} size="sm" onClick={() => store.remove(item.id)}>
            {item.link.label ?? 'Open'}
          </Anchor>
        )}
        {item.actions && item.actions.length > 0 && (
          <Group gap="xs" mt={4}>
            {item.actions.map((action) => (
              <Button
                key={action.label}
                size="xs"
                variant="light"
                color={COLOR[item.type]}
                onClick={() => {
                  action.onClick();
                  store.remove(item.id);
                }}
              >
                {action.label}
              </Button>
            ))}
          </Group>
        )}
      </Stack>
    </Notification>
  );
}

/** Renders the notification store; mount once inside the router (links use client navigation). */
export function NotificationRenderer({ store = notifications }: { store?: TNotificationStore }) {
  const items = useNotifications(store);
  const isActionRequired = items.some((item) => item.isActionRequired);
  if (items.length === 0) return null;
  return (
    <>
      {isActionRequired && (
        <Overlay
          fixed
          zIndex={NOTIFICATION_Z_INDEX - 1}
          backgroundOpacity={0.35}
          data-testid="notification-overlay"
        />
      )}
      <Box
        aria-live="polite"
        style={{
          position: 'fixed',
          top: 72,
          right: 16,
          zIndex: NOTIFICATION_Z_INDEX,
          width: 'min(400px, calc(100vw - 32px))',
        }}
      >
        <Stack gap="xs">
          {items.map((item) => (
            <NotificationItem key={item.id} item={item} store={store} />
          ))}
        </Stack>
      </Box>
    </>
  );
}
