// The kind picker of 'Add widget': every kind, the ones outside the plan's `dashboard_widgets` marked and,
// when picked, answered with the upgrade offer instead of being added.
import { Alert, Anchor, Badge, Button, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  upgradeForWidgetsMessage,
  upgradePlanForKinds,
  widgetsNotInPlanMessage,
} from '@strata/core/dashboards/dashboard-plan';
import { allowedWidgetKinds, WIDGET_KINDS } from '@strata/core/dashboards/widget-kinds';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePlans, useSubscription } from '../../subscription/index.ts';

export function AddWidgetPicker({ onPick }: { onPick: (kind: string) => void }) {
  const subscription = useSubscription();
  const plans = usePlans();
  const planWidgets = subscription.data?.plan.plan_schema.dashboard_widgets ?? 'all';
  const allowed = new Set(allowedWidgetKinds(planWidgets));
  const [refused, setRefused] = useState<string | null>(null);
  const upgrade = refused ? upgradePlanForKinds(plans.data ?? [], [refused]) : undefined;
  return (
    <Stack gap="sm">
      {refused && (
        <Alert color="yellow" title={widgetsNotInPlanMessage([refused])} role="alert">
          <Stack gap={4}>
            {upgrade && <Text size="sm">{upgradeForWidgetsMessage(upgrade.name)}</Text>}
            <Anchor component={Link} to="/subscription/plans" size="sm">
              Upgrade plan
            </Anchor>
          </Stack>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" role="list" aria-label="Widget kinds">
        {WIDGET_KINDS.map((kind) => {
          const isAllowed = allowed.has(kind.kind);
          return (
            <UnstyledButton
              key={kind.kind}
              role="listitem"
              aria-label={isAllowed ? `Add ${kind.label}` : `${kind.label} (upgrade required)`}
              onClick={() => (isAllowed ? onPick(kind.kind) : setRefused(kind.kind))}
              p="xs"
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-sm)',
                opacity: isAllowed ? 1 : 0.7,
              }}
            >
              <Text size="sm" fw={500}>
                {kind.label}
              </Text>
              {!isAllowed && (
                <Badge size="xs" color="yellow" variant="light">
                  Upgrade
                </Badge>
              )}
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
      {refused && (
        <Button variant="subtle" size="xs" onClick={() => setRefused(null)}>
          Back to the list
        </Button>
      )}
    </Stack>
  );
}
