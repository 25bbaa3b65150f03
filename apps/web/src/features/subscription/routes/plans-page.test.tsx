import { MantineProvider } from '@mantine/core';
import type { TPlanDefinition, TSubscription } from '@strata/contracts/subscription';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';
import { PLANS_QUERY_KEY, SUBSCRIPTION_QUERY_KEY } from '../api/subscription-api.ts';
import { switchOutcome } from '../plan-choice.ts';
import { Component as PlansPage } from './plans-page.tsx';

const plan = (id: string, name: string, max: number): TPlanDefinition => ({
  id,
  name,
  description: '',
  max_repos_number: max,
  transaction_types: 'standard',
  dashboard_widgets: [],
  features: [],
  prices: [
    { period_unit: 'month', price: '9.00', currency: 'USD' },
    { period_unit: 'year', price: '90.00', currency: 'USD' },
  ],
});
const standard = plan('standard', 'Standard', 3);
const collaborator = plan('collaborator', 'Collaborator', 1);
const cancelledYearly: TSubscription = {
  status: 'cancelled',
  is_active: false,
  end_date: null,
  plan: {
    plan_id: 'standard',
    price: '90.00',
    period_unit: 'year',
    trial_period_unit: null,
    plan_schema: standard,
  },
  provider: 'self-hosted',
};
const owned = (id: string, name: string) => ({
  id,
  name,
  access_type: 3,
  settings: { readonly: false },
});

function renderPlans() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(SUBSCRIPTION_QUERY_KEY, cancelledYearly);
  queryClient.setQueryData(PLANS_QUERY_KEY, [standard, collaborator]);
  queryClient.setQueryData(REPOSITORIES_QUERY_KEY, [owned('r1', 'Family'), owned('r2', 'Trading')]);
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          <PlansPage />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('plans page (issue 19 item 9)', () => {
  it('marks the current plan for its yearly period even while cancelled, and says "Up to 1 repository"', () => {
    renderPlans();
    const current = screen.getByLabelText('Plan Standard');
    expect(within(current).getByText('Current')).toBeTruthy();
    expect(within(current).getByText('cancelled')).toBeTruthy();
    expect(within(current).getByText('90.00 USD / year')).toBeTruthy();
    expect(within(screen.getByLabelText('Plan Collaborator')).getByText('Up to 1 repository')).toBeTruthy();
    expect(within(current).getByText('Up to 3 repositories')).toBeTruthy();
  });

  it('asks which repositories to make read-only only after a smaller plan is chosen', () => {
    renderPlans();
    const smaller = screen.getByLabelText('Plan Collaborator');
    expect(within(smaller).queryByLabelText('Family')).toBeNull();
    fireEvent.click(within(smaller).getByRole('button', { name: 'Switch to Collaborator' }));
    expect(within(smaller).getByText('Pick 1 repository to make read-only:')).toBeTruthy();
    expect(within(smaller).getByLabelText('Family')).toBeTruthy();
    const confirm = within(smaller).getByRole('button', { name: 'Confirm switch' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(smaller).getByLabelText('Trading'));
    expect(confirm.disabled).toBe(false);
  });

  it('does not claim a switch reactivated an inactive subscription', () => {
    expect(switchOutcome(cancelledYearly)).toEqual({
      tone: 'warn',
      message:
        'Plan changed to Standard, but the subscription is still cancelled: activate it to use your repositories',
    });
    expect(switchOutcome({ ...cancelledYearly, status: 'active', is_active: true })).toEqual({
      tone: 'success',
      message: 'Plan switched to Standard',
    });
  });
});
