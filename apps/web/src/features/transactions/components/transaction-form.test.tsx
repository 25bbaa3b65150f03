import type { TAsset } from '@strata/contracts/assets';
import { ErrorMessage } from '@strata/contracts/error-messages';
import type { TTransaction } from '@strata/contracts/transactions';
import type { TAssetKind } from '@strata/core/transactions/asset-kinds';
import type { TAmountRule } from '@strata/core/transactions/catalogue';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { TEntrySettingView, TTypeSetting } from '../api/transactions.ts';
import { draftFromTransaction, emptyDraft } from '../transaction-draft.ts';
import { TransactionForm, type TTransactionFormProps } from './transaction-form.tsx';

const slot = (title: string, rule: TAmountRule, asset: TAssetKind[]): TEntrySettingView => ({
  title,
  role: 'position',
  isAttributable: false,
  account: { includes: ['investment account'] },
  asset: { includes: asset },
  amount: { rule },
  accountDescription: `${title} account help`,
  assetDescription: `${title} asset help`,
  amountDescription: `${title} amount help`,
});
const TYPES: TTypeSetting[] = [
  {
    name: 'deposit',
    group: 'cash',
    description: 'Cash paid in',
    readonly: false,
    entries: [slot('Cash', 'positive', ['currency'])],
  },
  {
    name: 'buy',
    group: 'investment account',
    description: 'Units bought',
    readonly: false,
    entries: [slot('Position', 'positive', ['stock']), slot('Cash', 'negative', ['currency'])],
  },
  {
    name: 'carry',
    group: 'private fund',
    description: 'A share of profits',
    readonly: true,
    entries: [slot('Share', 'percent', ['private fund'])],
  },
];
const asset = (id: string, type: string, name: string, ticker: string | null = null) =>
  ({ id, type, name, ticker, tags: [], deleted_at: null }) as unknown as TAsset;
const ASSETS = [
  asset('usd', 'currency', 'US Dollar', 'USD'),
  asset('eur', 'currency', 'Euro', 'EUR'),
  asset('aapl', 'stock', 'Apple', 'AAPL'),
  asset('broker', 'investment account', 'Broker'),
  asset('fund', 'private fund', 'Fund I'),
];

function renderForm(props: Partial<TTransactionFormProps> = {}) {
  const events = { onSaved: vi.fn(), onDeleted: vi.fn(), onRestored: vi.fn(), onStateChange: vi.fn() };
  renderWithProviders(
    <TransactionForm
      repositoryId="r1"
      currencyAssetId="usd"
      transaction={null}
      initial={emptyDraft('2026-01-02')}
      types={TYPES}
      assets={ASSETS}
      tags={[]}
      canWrite
      {...events}
      {...props}
    />,
  );
  return events;
}

async function pickType(name: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
  await userEvent.click(await screen.findByRole('option', { name, hidden: true }));
}

afterEach(() => {
  configureApiClient({ fetch: (...args) => globalThis.fetch(...args), logError: () => {} });
  notifications.clear();
});

describe('TransactionForm', () => {
  it("changing the type re-applies its default entries, titled by the type's slots", async () => {
    renderForm();
    expect(screen.getByLabelText('State: new')).toBeTruthy();
    await pickType('buy');
    const position = screen.getByRole('group', { name: 'Position' });
    const cash = screen.getByRole('group', { name: 'Cash' });
    expect(within(position).getByText('Position amount help')).toBeTruthy();
    // The single account is filled in, and the cash slot starts on the repository currency.
    expect(within(cash).getByRole('combobox', { name: 'Account' })).toHaveProperty('value', 'Broker');
    expect(within(cash).getByRole('combobox', { name: 'Asset' })).toHaveProperty('value', 'US Dollar (USD)');
    await userEvent.type(within(cash).getByRole('textbox', { name: 'Amount' }), '1500');

    await pickType('deposit');
    expect(screen.queryByRole('group', { name: 'Position' })).toBeNull();
    const depositCash = screen.getByRole('group', { name: 'Cash' });
    expect(within(depositCash).getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '');
  });

  it('shows the sign a slot forces before saving: 1500 paid in a buy is saved as -1500', async () => {
    renderForm();
    await pickType('buy');
    const cash = screen.getByRole('group', { name: 'Cash' });
    const amount = within(cash).getByRole('textbox', { name: 'Amount' });
    await userEvent.type(amount, '1500');
    expect(within(cash).getByRole('status').textContent).toBe('Saved as -1500');
    await userEvent.clear(amount);
    await userEvent.type(amount, '-1500');
    expect(within(cash).queryByRole('status')).toBeNull();
    const position = screen.getByRole('group', { name: 'Position' });
    await userEvent.type(within(position).getByRole('textbox', { name: 'Amount' }), '10');
    expect(within(position).queryByRole('status')).toBeNull();
  });

  it("turns a pasted '12%' into 0.12", async () => {
    renderForm();
    await pickType('deposit');
    const amount = within(screen.getByRole('group', { name: 'Cash' })).getByRole('textbox', {
      name: 'Amount',
    });
    fireEvent.paste(amount, { clipboardData: { getData: () => '12%' } });
    expect(amount).toHaveProperty('value', '0.12');
  });

  it('shows percent entries ×100 with %, and a PRO-only type read-only with the upgrade prompt', () => {
    const saved = {
      id: 't1',
      type: 'carry',
      date: '2026-01-02',
      description: null,
      deleted_at: null,
      updated_at: '2026-01-02T00:00:00.000Z',
      entries: [{ account_id: 'broker', asset_id: 'fund', amount: '0.125', pos_id: null }],
    } as unknown as TTransaction;
    renderForm({ transaction: saved, initial: draftFromTransaction(saved, TYPES[2]) });
    const share = screen.getByRole('group', { name: 'Share' });
    expect(within(share).getByRole('textbox', { name: 'Amount' })).toHaveProperty('value', '12.5');
    expect(within(share).getByText('%')).toBeTruthy();
    expect(screen.getByText(/available on the PRO plan/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade the plan' }).getAttribute('href')).toBe(
      '/subscription/plans',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
  });

  it('puts the server errors under the entry and field they name, and the form turns invalid', async () => {
    configureApiClient({
      logError: () => {},
      fetch: (async () =>
        new Response(
          JSON.stringify({
            code: 'VALIDATION_ERROR',
            message: 'Validation failed',
            details: { fieldErrors: { 'Cash: amount': ['Must be numeric'], Entries: ['Too many entries'] } },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        )) as typeof fetch,
    });
    const events = renderForm();
    await pickType('deposit');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const cash = screen.getByRole('group', { name: 'Cash' });
    expect(await within(cash).findByText('Must be numeric')).toBeTruthy();
    expect(screen.getByText('Entries: Too many entries')).toBeTruthy();
    expect(screen.getByLabelText('State: invalid')).toBeTruthy();
    expect(events.onSaved).not.toHaveBeenCalled();
    // Correcting the field clears its error; the one without a field stays until the next save.
    await userEvent.type(within(cash).getByRole('textbox', { name: 'Amount' }), '5');
    expect(within(cash).queryByText('Must be numeric')).toBeNull();
    expect(screen.getByText('Entries: Too many entries')).toBeTruthy();
  });

  it("creates with the seed's toast and hands the saved transaction on", async () => {
    let sent: unknown;
    configureApiClient({
      logError: () => {},
      fetch: (async (_url: string, init: RequestInit) => {
        sent = JSON.parse(String(init.body));
        return new Response(JSON.stringify({ id: 't9', date: '2026-01-02', entries: [] }), {
          status: 201,
          headers: { 'content-type': 'application/json' },
        });
      }) as typeof fetch,
    });
    const events = renderForm();
    await pickType('deposit');
    const cash = screen.getByRole('group', { name: 'Cash' });
    await userEvent.type(within(cash).getByRole('textbox', { name: 'Amount' }), '250');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(events.onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 't9' }), true),
    );
    expect(sent).toEqual({
      repository_id: 'r1',
      type: 'deposit',
      date: '2026-01-02',
      description: null,
      entries: [{ account_id: 'broker', asset_id: 'usd', amount: '250' }],
    });
    expect(notifications.getSnapshot().map((item) => item.message)).toContain(
      'Transaction 2026-01-02 created',
    );
  });

  it('sends the version it loaded; a newer save by someone else is shown as the error toast with Reload', async () => {
    const sent: Array<{ url: string; method: string | undefined; body: unknown }> = [];
    configureApiClient({
      logError: () => {},
      fetch: (async (url: string, init: RequestInit) => {
        sent.push({ url, method: init.method, body: JSON.parse(String(init.body)) });
        return new Response(
          JSON.stringify({
            code: 'STALE_VERSION',
            message: ErrorMessage.STALE_VERSION,
            details: { current_version: 5 },
          }),
          { status: 409, headers: { 'content-type': 'application/json' } },
        );
      }) as typeof fetch,
    });
    const saved = {
      id: 't1',
      type: 'deposit',
      date: '2026-01-02',
      description: null,
      deleted_at: null,
      updated_at: '2026-01-02T00:00:00.000Z',
      version: 4,
      entries: [{ account_id: 'broker', asset_id: 'usd', amount: '100', pos_id: null }],
    } as unknown as TTransaction;
    const events = renderForm({ transaction: saved, initial: draftFromTransaction(saved, TYPES[0]) });
    const amount = within(screen.getByRole('group', { name: 'Cash' })).getByRole('textbox', {
      name: 'Amount',
    });
    await userEvent.clear(amount);
    await userEvent.type(amount, '250');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(notifications.getSnapshot()).toHaveLength(1));
    expect(sent).toEqual([
      {
        url: '/api/transactions/t1',
        method: 'PUT',
        body: {
          type: 'deposit',
          date: '2026-01-02',
          description: null,
          entries: [{ account_id: 'broker', asset_id: 'usd', amount: '250' }],
          version: 4,
        },
      },
    ]);
    const [shown] = notifications.getSnapshot();
    expect(shown?.type).toBe('error');
    expect(shown?.message).toBe(
      'This was changed by someone else: reload to see their change, then edit again',
    );
    expect(shown?.actions?.map((action) => action.label)).toEqual(['Reload', 'Close']);
    // The edit stays on screen, unsaved, until the user chooses.
    expect(events.onSaved).not.toHaveBeenCalled();
    expect(amount).toHaveProperty('value', '250');
  });
});
