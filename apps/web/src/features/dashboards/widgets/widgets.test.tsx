import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { REPO, sampleResult, valueRow } from './widget-fixtures.ts';
import { WidgetRenderer } from './widget-renderer.tsx';

describe('Value Table widget', () => {
  it('shows each holding account and the total, with raw values for e2e', async () => {
    renderWithProviders(<WidgetRenderer kind="Value Table" input={{ result: sampleResult() }} />);
    const widget = await screen.findByRole('region', { name: 'Value Table' });
    const rows = within(widget).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'NameStartNet flowsIncomeExpensesMarket changeEnd',
      'Bank$0$8,500$45-$35$0$8,510',
      'Brokerage$0$1,500$0$0$100$1,600',
      'Total$0$10,000$45-$35$100$10,110',
    ]);
    const values = JSON.parse(screen.getByTestId('widget-value-table').dataset.values ?? 'null');
    expect(values.total.value_end).toBe(10_110);
    expect(values.rows.map((row: { id: string }) => row.id)).toEqual(['acc-bank', 'acc-broker']);
  });

  it('uses the precision setting and the title', async () => {
    renderWithProviders(
      <WidgetRenderer
        kind="Value Table"
        settings={{ precision: 2, title: 'Accounts' }}
        input={{ result: sampleResult() }}
      />,
    );
    const widget = await screen.findByRole('region', { name: 'Accounts' });
    expect(within(widget).getByText('$10,110.00')).toBeTruthy();
  });
});

describe('Value Change Snapshot widget', () => {
  it('shows the value identity', async () => {
    renderWithProviders(<WidgetRenderer kind="Value Change Snapshot" input={{ result: sampleResult() }} />);
    const widget = await screen.findByRole('region', { name: 'Value Change Snapshot' });
    const line = (key: string) => widget.querySelector(`[data-line="${key}"]`)?.textContent;
    expect(line('value_start')).toBe('Value on 2023-12-31$0');
    expect(line('net_flows')).toBe('Net flows$10,000');
    expect(line('expenses')).toBe('Expenses-$35');
    expect(line('fx_effect')).toBe('of which FX effect$3');
    expect(line('value_end')).toBe('Value on 2024-02-29$10,110');
  });

  it('shows a missing value as a dash whose tooltip lists what is missing, never as 0', async () => {
    const result = sampleResult();
    result.value_view = [
      valueRow(REPO, 0, { value_end: 100, net_flows: 100 }),
      valueRow(REPO, 1, { value_start: 100, value_end: null, market_change: null, unrealized: null }),
    ];
    result.missing = [
      { asset_id: 'ast-acme', kind: 'price', date: '2024-02-29', last_date: '2024-02-29', count: 1 },
    ];
    renderWithProviders(
      <WidgetRenderer kind="Value Change Snapshot" input={{ result, assetNames: { 'ast-acme': 'ACME' } }} />,
    );
    const widget = await screen.findByRole('region', { name: 'Value Change Snapshot' });
    const end = widget.querySelector('[data-line="value_end"]') as HTMLElement;
    expect(end.textContent).toBe('Value on 2024-02-29—');
    const dash = within(end).getByLabelText('Missing: ACME price on 2024-02-29');
    await userEvent.hover(dash);
    expect(
      await screen.findByText('Missing: ACME price on 2024-02-29', { selector: '.mantine-Tooltip-tooltip' }),
    ).toBeTruthy();
    expect(
      JSON.parse(screen.getByTestId('widget-value-change-snapshot').dataset.values ?? '{}').value_end,
    ).toBeNull();
  });
});

describe('stale prices (issue 18 item 12)', () => {
  it('says under a value widget which end values rest on a price more than 31 days old', async () => {
    const result = sampleResult();
    result.stale_prices = [{ asset_id: 'ast-house', price_date: '2024-03-31', age_days: 275 }];
    renderWithProviders(
      <WidgetRenderer kind="Value Table" input={{ result, assetNames: { 'ast-house': 'Lake house' } }} />,
    );
    const note = await screen.findByRole('note', { name: 'Stale prices' });
    expect(note.textContent).toBe('Old prices: Lake house of 2024-03-31 (275 days old)');
  });

  it('says nothing when every price is fresh, nor under a widget that reads no values', async () => {
    renderWithProviders(<WidgetRenderer kind="Value Pie" input={{ result: sampleResult() }} />);
    await screen.findByRole('region', { name: 'Value Pie' });
    expect(screen.queryByRole('note', { name: 'Stale prices' })).toBeNull();
    const result = sampleResult();
    result.stale_prices = [{ asset_id: 'ast-house', price_date: '2024-03-31', age_days: 275 }];
    renderWithProviders(<WidgetRenderer kind="Section Delimiter" input={{ result }} />);
    await screen.findByRole('region', { name: 'Section' });
    expect(screen.queryByRole('note', { name: 'Stale prices' })).toBeNull();
  });
});

describe('other widgets', () => {
  it('IRR and MOIC says why an IRR is not defined', async () => {
    const result = sampleResult();
    result.irr_moic_view = [
      {
        scope_kind: 'repository',
        scope_id: 'repository',
        scope_name: 'Repository',
        period: -1,
        start: '2023-12-31',
        end: '2024-02-29',
        value_start: 0,
        value_end: 10_110,
        contributions: 10_000,
        distributions: 0,
        moic: 1.011,
        dpi: 0,
        rvpi: 1.011,
        irr: null,
        is_irr_annualized: null,
        irr_annualized: null,
        irr_roots: null,
        irr_reason: 'NO_SIGN_CHANGE',
      },
    ];
    renderWithProviders(<WidgetRenderer kind="IRR and MOIC" input={{ result }} />);
    const widget = await screen.findByRole('region', { name: 'IRR and MOIC' });
    expect(within(widget).getByLabelText('Not defined: money only went one way').textContent).toBe('—');
    expect(within(widget).getAllByText('1.01×')).toHaveLength(2);
  });

  it('IRR and MOIC labels a one-day IRR as the period return, not annualised', async () => {
    const result = sampleResult();
    result.irr_moic_view = [
      {
        scope_kind: 'repository',
        scope_id: 'repository',
        scope_name: 'Repository',
        period: -1,
        start: '2024-02-28',
        end: '2024-02-29',
        value_start: 10_000,
        value_end: 10_010,
        contributions: 10_000,
        distributions: 0,
        moic: 1.001,
        dpi: 0,
        rvpi: 1.001,
        irr: 0.001,
        is_irr_annualized: false,
        irr_annualized: 0.440251,
        irr_roots: null,
        irr_reason: null,
      },
    ];
    renderWithProviders(<WidgetRenderer kind="IRR and MOIC" input={{ result }} />);
    const widget = await screen.findByRole('region', { name: 'IRR and MOIC' });
    const cells = within(widget).getAllByRole('cell');
    // The IRR is starred, and the words are said once under the table (so five columns fit a phone).
    expect(cells[1]!.textContent).toBe('0.1%*');
    expect(within(cells[1]!).getByTitle('Period return, not annualised')).toBeTruthy();
    expect(widget.textContent).toContain('* Period return, not annualised: the flows span less than a year.');
  });

  const LINKED_REPOSITORY = '11111111-1111-4111-8111-111111111111';
  it('Linked Transactions Pivot asks the server for its saved rows, columns and value and draws the answer', async () => {
    const urls: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      urls.push(new URL(String(input instanceof Request ? input.url : input), 'http://localhost'));
      const body = {
        rows: ['year'],
        columns: ['type'],
        values: ['count'],
        data: [
          { row: [2012], column: ['BUYSTOCK'], values: { count: 3 } },
          { row: [2012], column: ['INCOME'], values: { count: 4 } },
          { row: [2013], column: ['BUYSTOCK'], values: { count: 1 } },
        ],
      };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderWithProviders(
      <QueryClientProvider client={queryClient}>
        <WidgetRenderer
          kind="Linked Transactions Pivot"
          settings={{ pivot: { rows: 'year', columns: 'type', value: 'count', filter: null } }}
          input={{ result: sampleResult(), repositoryId: LINKED_REPOSITORY }}
        />
      </QueryClientProvider>,
    );
    // The widget's lazy chunk brings the linked-data feature with it: slow to import on a busy machine.
    const widget = await screen.findByRole(
      'region',
      { name: 'Linked Transactions Pivot' },
      { timeout: 20_000 },
    );
    await within(widget).findByTestId('linked-pivot-table', {}, { timeout: 10_000 });
    const rows = within(widget)
      .getAllByRole('row')
      .map((row) => row.textContent);
    // 2012: 3 + 4 = 7, 2013: 1; BUYSTOCK 3 + 1 = 4, INCOME 4; all 8.
    expect(rows).toEqual(['YearBUYSTOCKINCOMETotal', '2012347', '201311', 'Total448']);
    expect(urls[0]?.pathname).toBe('/api/linked_data/transactions_pivot');
    expect(Object.fromEntries(urls[0]?.searchParams ?? [])).toEqual({
      repository_id: LINKED_REPOSITORY,
      rows: 'year',
      columns: 'type',
      values: 'count',
    });
    vi.unstubAllGlobals();
  }, 40_000);

  it('Income Pivot draws categories against periods with totals', async () => {
    renderWithProviders(<WidgetRenderer kind="Income Pivot" input={{ result: sampleResult() }} />);
    const widget = await screen.findByRole('region', { name: 'Income Pivot' });
    const rows = within(widget)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows[0]).toBe('Amount2024-01-312024-02-29Total');
    expect(rows[1]).toBe('cash dividend$20$25$45');
    expect(rows.at(-1)).toBe('Total$70$40$110');
  });

  it('Value Pie lists each account with its share next to the chart', async () => {
    renderWithProviders(<WidgetRenderer kind="Value Pie" input={{ result: sampleResult() }} />);
    const widget = await screen.findByRole('region', { name: 'Value Pie' }, { timeout: 5000 });
    expect(within(widget).getByText('Bank')).toBeTruthy();
    expect(within(widget).getByText('84.2%')).toBeTruthy();
    expect(within(widget).getByText('Total on 2024-02-29')).toBeTruthy();
  });

  it('Income History Bars mounts its chart with one point per period', async () => {
    renderWithProviders(<WidgetRenderer kind="Income History Bars" input={{ result: sampleResult() }} />);
    await screen.findByRole('region', { name: 'Income History Bars' }, { timeout: 5000 });
    const points = JSON.parse(screen.getByTestId('widget-income-history-bars').dataset.values ?? '[]');
    expect(points.map((point: { period: string }) => point.period)).toEqual(['2024-01-31', '2024-02-29']);
  });

  it('an unknown kind says so', () => {
    renderWithProviders(<WidgetRenderer kind="Weather" input={{ result: sampleResult() }} />);
    expect(screen.getByText('Unknown widget kind: Weather')).toBeTruthy();
  });
});
