import type { TPlanDefinition, TSubscription } from '@strata/contracts/subscription';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PLANS_QUERY_KEY, SUBSCRIPTION_QUERY_KEY } from '../../subscription/index.ts';
import { AddWidgetPicker } from './add-widget-picker.tsx';

const plan = (id: string, name: string, widgets: TPlanDefinition['dashboard_widgets']): TPlanDefinition => ({
  id,
  name,
  description: '',
  max_repos_number: 3,
  transaction_types: 'standard',
  dashboard_widgets: widgets,
  features: [],
  prices: [],
});

const COLLABORATOR = plan('collaborator', 'Collaborator', ['Value Table', 'Value Pie', 'Income Table']);
const STANDARD = plan('standard', 'Standard', ['Value Table', 'Value Pie', 'Income Table', 'IRR and MOIC']);
const PRO = plan('professional', 'PRO', 'all');

function renderPicker(onPick: (kind: string) => void) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const subscription = {
    status: 'active',
    is_active: true,
    end_date: null,
    plan: {
      plan_id: 'collaborator',
      price: null,
      period_unit: 'month',
      trial_period_unit: null,
      plan_schema: COLLABORATOR,
    },
    provider: 'self-hosted',
  } as TSubscription;
  client.setQueryData(SUBSCRIPTION_QUERY_KEY, subscription);
  client.setQueryData(PLANS_QUERY_KEY, [PRO, STANDARD, COLLABORATOR]);
  return renderWithProviders(
    <QueryClientProvider client={client}>
      <AddWidgetPicker onPick={onPick} />
    </QueryClientProvider>,
  );
}

describe('AddWidgetPicker', () => {
  it("adds kinds of the plan and answers the others with the smallest plan's offer", async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    renderPicker(onPick);
    expect(screen.getAllByRole('listitem')).toHaveLength(16);
    await user.click(screen.getByLabelText('Add Value Pie', { exact: true }));
    expect(onPick).toHaveBeenCalledWith('Value Pie');

    await user.click(screen.getByLabelText('IRR and MOIC (upgrade required)'));
    expect(onPick).toHaveBeenCalledTimes(1);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('IRR and MOIC is not available on your plan');
    expect(alert.textContent).toContain('These widgets are available on the Standard plan.');
    expect(screen.getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe(
      '/subscription/plans',
    );

    await user.click(screen.getByLabelText('Commitments (upgrade required)'));
    expect(screen.getByRole('alert').textContent).toContain('These widgets are available on the PRO plan.');
  });
});
