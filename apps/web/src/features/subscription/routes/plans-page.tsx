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
import { repositoriesQueryOptions } from '../../repositories/index.ts';
import { SUBSCRIPTION_QUERY_KEY, switchPlan, usePlans, useSubscription } from '../api/subscription-api.ts';
import { isCurrentChoice, repositoryLimitLabel, switchOutcome, type TPeriod } from '../plan-choice.ts';

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
  inactiveStatus,
  activeOwned,
}: {
  plan: TPlanDefinition;
  period: TPeriod;
  isCurrent: boolean;
  /** The subscription's status when it is not active, shown beside 'Current'. */
  inactiveStatus: string | null;
  activeOwned: TOwnedRepository[];
}) {
  const queryClient = useQueryClient();
  const [deactivated, setDeactivated] = useState<string[]>([]);
  const [isSwitching, setSwitching] = useState(false);
  // A smaller plan asks which repositories to make read-only only once it is chosen.
  const [isChoosing, setChoosing] = useState(false);
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
      const outcome = switchOutcome(subscription);
      notifications[outcome.tone](outcome.message);
      setChoosing(false);
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
          {isCurrent && (
            <Group gap={4}>
              <Badge color="teal">Current</Badge>
              {inactiveStatus && <Badge color="gray">{inactiveStatus}</Badge>}
            </Group>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {plan.description}
        </Text>
        {price && (
          <Text fw={600}>
            {price.price} {price.currency} / {period}
          </Text>
        )}
        <Text size="sm">{repositoryLimitLabel(plan.max_repos_number)}</Text>
        <Text size="sm">
          {plan.transaction_types === 'all' ? 'Every transaction type' : 'Standard transaction types'}
        </Text>
        {!isCurrent && needed > 0 && isChoosing && (
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
        {isChoosing && (
          <Button mt="auto" variant="default" onClick={() => setChoosing(false)}>
            Cancel
          </Button>
        )}
        <Button
          mt={isChoosing ? undefined : 'auto'}
          disabled={isCurrent || (isChoosing && !isReady)}
          loading={isSwitching}
          onClick={() => (needed > 0 && !isChoosing ? setChoosing(true) : void choose())}
          variant={isCurrent ? 'default' : 'filled'}
        >
          {isCurrent ? 'Your plan' : isChoosing ? 'Confirm switch' : `Switch to ${plan.name}`}
        </Button>
      </Stack>
    </Card>
  );
}

export function Component() {
  const plans = usePlans();
  const subscription = useSubscription();
  const owned = useActiveOwnedRepositories();
  // Until the user picks one, the period shown is the subscription's (it loads after the first render).
  const [chosenPeriod, setPeriod] = useState<TPeriod | null>(null);
  const period = chosenPeriod ?? subscription.data?.plan.period_unit ?? 'month';
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
              isCurrent={isCurrentChoice(subscription.data, plan.id, period)}
              inactiveStatus={
                subscription.data && !subscription.data.is_active
                  ? (subscription.data.status ?? 'inactive')
                  : null
              }
              activeOwned={owned.data ?? []}
            />
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
