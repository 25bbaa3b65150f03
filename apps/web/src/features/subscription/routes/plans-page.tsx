import {
  Badge,
  Button,
  Card,
  Checkbox,
  Container,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TRepository } from '@strata/contracts/repositories';
import type { TPlanDefinition } from '@strata/contracts/subscription';
import { repositoriesToDeactivate } from '@strata/core/plans/plan-limits';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { notifyError } from '../../../shared/notifications/notify-error.ts';
import { repositoriesQueryOptions } from '../../repositories/api/list-repositories.ts';
import { SUBSCRIPTION_QUERY_KEY, switchPlan, usePlans, useSubscription } from '../api/subscription-api.ts';

type TPeriod = 'month' | 'year';

type TOwnedRepository = Pick<TRepository, 'id' | 'name'>;

/** The caller's active owned repositories (a downgrade must pick which ones to deactivate). */
function useActiveOwnedRepositories() {
  return useQuery({
    ...repositoriesQueryOptions(),
    select: (list) => list.filter((item) => item.access_type === 3 && !item.settings.readonly),
  });
}

function PlanCard({
  plan,
  period,
  isCurrent,
  activeOwned,
}: {
  plan: TPlanDefinition;
  period: TPeriod;
  isCurrent: boolean;
  activeOwned: TOwnedRepository[];
}) {
  const queryClient = useQueryClient();
  const [deactivated, setDeactivated] = useState<string[]>([]);
  const [isSwitching, setSwitching] = useState(false);
  const price = plan.prices.find((item) => item.period_unit === period);
  const needed = repositoriesToDeactivate(activeOwned.length, plan.max_repos_number);
  const isReady = deactivated.length >= needed;

  const choose = async () => {
    setSwitching(true);
    try {
      const subscription = await switchPlan({
        plan_id: plan.id,
        period_unit: period,
        deactivated_repositories: deactivated,
      });
      queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, subscription);
      await queryClient.invalidateQueries({ queryKey: repositoriesQueryOptions().queryKey });
      notifications.success(`Plan switched to ${subscription.plan.plan_schema.name}`);
    } catch (error) {
      notifyError(error);
    } finally {
      setSwitching(false);
    }
  };

  return (
    <Card withBorder aria-label={`Plan ${plan.name}`}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between">
          <Text fw={700} size="lg">
            {plan.name}
          </Text>
          {isCurrent && <Badge color="teal">Current</Badge>}
        </Group>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        {price && (
          <Text fw={600}>
            {price.price} {price.currency} / {period}
          </Text>
        )}
        <Text size="sm">Up to {plan.max_repos_number} repositories</Text>
        <Text size="sm">
          {plan.transaction_types === 'all' ? 'Every transaction type' : 'Standard transaction types'}
        </Text>
        {!isCurrent && needed > 0 && (
          <Stack gap={4}>
            <Text size="sm" c="orange">
              Pick {needed} {needed === 1 ? 'repository' : 'repositories'} to make read-only:
            </Text>
            {activeOwned.map((repository) => (
              <Checkbox
                key={repository.id}
                size="xs"
                label={repository.name}
                checked={deactivated.includes(repository.id)}
                onChange={(event) =>
                  setDeactivated((list) =>
                    event.currentTarget.checked
                      ? [...list, repository.id]
                      : list.filter((id) => id !== repository.id),
                  )
                }
              />
            ))}
          </Stack>
        )}
        <Button
          mt="auto"
          disabled={isCurrent || !isReady}
          loading={isSwitching}
          onClick={() => void choose()}
          variant={isCurrent ? 'default' : 'filled'}
        >
          {isCurrent ? 'Your plan' : `Switch to ${plan.name}`}
        </Button>
      </Stack>
    </Card>
  );
}

export function Component() {
  const plans = usePlans();
  const subscription = useSubscription();
  const owned = useActiveOwnedRepositories();
  const [period, setPeriod] = useState<TPeriod>(subscription.data?.plan.period_unit ?? 'month');
  const currentPlanId = subscription.data?.is_active ? subscription.data.plan.plan_id : null;
  return (
    <Container size="lg" py="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>Plans</Title>
          <Group>
            <SegmentedControl
              aria-label="Billing period"
              value={period}
              onChange={(value) => setPeriod(value as TPeriod)}
              data={[
                { value: 'month', label: 'Monthly' },
                { value: 'year', label: 'Yearly' },
              ]}
            />
            <Button variant="subtle" component={Link} to="/subscription">
              Back to subscription
            </Button>
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {(plans.data ?? []).map((plan) => (
            <PlanCard
              key={plan.id}
              plan={plan}
              period={period}
              isCurrent={plan.id === currentPlanId}
              activeOwned={owned.data ?? []}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
