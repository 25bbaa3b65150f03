import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface TStatusPageProps {
  code: string;
  title: string;
  description: string;
  actionLabel?: string;
  actionTo?: string;
  /** An action that is not a page (e.g. reload); replaces the link. */
  onAction?: () => void;
}

export function StatusPage({
  code,
  title,
  description,
  actionLabel = 'Go to dashboards',
  actionTo = '/dashboards',
  onAction,
}: TStatusPageProps) {
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Text c="dimmed" fw={700} fz={64} lh={1} aria-hidden>
          {code}
        </Text>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description}</Text>
        {onAction ? (
          <Button onClick={onAction} variant="light" mt="sm">
            {actionLabel}
          </Button>
        ) : (
          <Button component={Link} to={actionTo} variant="light" mt="sm">
            {actionLabel}
          </Button>
        )}
      </Stack>
    </Center>
  );
}

export function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      description="The address may be mistyped, or the page has moved."
      actionLabel="Go home"
      actionTo="/"
    />
  );
}

export function PermissionDeniedPage() {
  return (
    <StatusPage
      code="403"
      title="Permission denied"
      description="Your access level or plan does not include this page. Ask the repository owner, or upgrade the plan."
    />
  );
}
