import { Alert, Anchor, Badge, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDateDisplay } from '../../../shared/lib/date-format.tsx';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { getHostedPageSession, useSubscription } from '../api/subscription-api.ts';

const STATUS_LABELS: Record<string, string> = {
  future: 'Future',
  in_trial: 'In trial',
  active: 'Active',
  non_renewing: 'Non renewing',
  paused: 'Paused',
  cancelled: 'Cancelled',
  transferred: 'Transferred',
  inactive: 'Inactive',
  waiting_for_payment: 'Waiting for payment',
};

export function Component() {
  const dates = useDateDisplay();
  const subscription = useSubscription();
  const data = subscription.data;

  const manageBilling = async () => {
    try {
      const session = await getHostedPageSession();
      if (session.url) window.location.assign(session.url);
      else notifyError(session.message);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Container size="sm" py="lg">
      <Stack>
        <Title order={1}>Subscription</Title>
        {subscription.isError && <Alert color="red">The subscription could not be read.</Alert>}
        {data && (
          <>
            {!data.is_active && (
              <Alert color="orange" icon={<IconAlertTriangle size={18} />} title="Subscription inactive">
                You need to activate the subscription to access the resource. Repository data stays safe
                meanwhile.
              </Alert>
            )}
            <Card withBorder>
              <Group justify="space-between">
                <div>
                  <Text size="xs" c="dimmed">
                    Plan
                  </Text>
                  <Text size="lg" fw={700}>
                    {data.plan.plan_schema.name}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {data.plan.plan_schema.description}
                  </Text>
                </div>
                <Badge size="lg" color={data.is_active ? 'teal' : 'orange'} variant="light">
                  {data.status ? STATUS_LABELS[data.status] : 'No subscription'}
                </Badge>
              </Group>
              <Stack gap={2} mt="md">
                <Text size="sm">Up to {data.plan.plan_schema.max_repos_number} repositories</Text>
                {data.plan.price && (
                  <Text size="sm">
                    {data.plan.price} per {data.plan.period_unit}
                  </Text>
                )}
                {data.end_date && <Text size="sm">Until {dates.date(data.end_date)}</Text>}
                <Text size="xs" c="dimmed">
                  Managed by {data.provider === 'self-hosted' ? 'the operator of this server' : data.provider}
                </Text>
              </Stack>
              <Group mt="md">
                <Button component={Link} to="/subscription/plans">
                  Change plan
                </Button>
                {data.provider !== 'self-hosted' && (
                  <Button variant="default" onClick={() => void manageBilling()}>
                    Manage billing
                  </Button>
                )}
              </Group>
            </Card>
            {data.provider === 'self-hosted' && !data.is_active && (
              <Text size="sm" c="dimmed">
                This server has no billing service: ask its operator to activate your subscription (
                <Anchor component="span" size="sm" ff="monospace">
                  npm run admin -- set-plan
                </Anchor>
                ).
              </Text>
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
