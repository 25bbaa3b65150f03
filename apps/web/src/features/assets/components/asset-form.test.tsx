import type { TAsset } from '@strata/contracts/assets';
import type { TTag } from '@strata/contracts/tags';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AssetForm, type TAssetFormProps } from './asset-form.tsx';

// Mantine's autosizing Textarea listens to document.fonts, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

const NOW = '2026-01-01T00:00:00.000Z';
const tag = (id: string, tag_name: string, tag_value: string): TTag => ({
  id,
  repository_id: 'r1',
  tag_name,
  tag_value,
  assets: [],
  created_at: NOW,
  created_by: null,
  updated_at: NOW,
  updated_by: null,
  version: 1,
});
const TAGS = [tag('c1', 'Category', 'Income'), tag('s1', 'Subcategory', 'Salary')];

const asset = (patch: Partial<TAsset>): TAsset => ({
  id: 'a1',
  repository_id: 'r1',
  name: 'Apple',
  ticker: 'AAPL',
  currency: 'USD',
  type: 'stock',
  description: null,
  currency_asset: null,
  parent_id: null,
  tags: [],
  properties: {},
  is_readonly: false,
  linked_id: null,
  linked_security_id: null,
  linked_account_id: null,
  connector_status: null,
  connector_status_message: null,
  security_info_ticker: null,
  deleted_at: null,
  created_at: NOW,
  created_by: null,
  updated_at: NOW,
  updated_by: null,
  version: 1,
  ...patch,
});

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function renderForm(props: Partial<TAssetFormProps>, answer: (url: string, init?: RequestInit) => Response) {
  const calls: Array<{ url: string; body: unknown }> = [];
  configureApiClient({
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.includes('/currencies')) {
        return json(200, [
          { ticker: 'EUR', name: 'Euro' },
          { ticker: 'USD', name: 'US Dollar' },
        ]);
      }
      return answer(url, init);
    }) as typeof fetch,
    logError: () => {},
  });
  const onSaved = vi.fn(async () => {});
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui: ReactElement = (
    <QueryClientProvider client={queryClient}>
      <AssetForm
        kind="income-accounts"
        repositoryId="r1"
        currency="USD"
        tags={TAGS}
        asset={null}
        isReadOnly={false}
        onSaved={onSaved}
        {...props}
      />
    </QueryClientProvider>
  );
  const rendered = renderWithProviders(ui, { path: '/income-accounts/new' });
  return { ...rendered, calls, onSaved };
}

const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

beforeEach(() => notifications.clear());
afterEach(() => configureApiClient({ fetch: (...args) => globalThis.fetch(...args) }));

describe('AssetForm', () => {
  it("keeps an account's ticker on its name and asks for Category and Subcategory", async () => {
    const { calls } = renderForm({}, () => json(500, {}));
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Salary' } });
    expect((screen.getByLabelText(/Ticker/) as HTMLInputElement).value).toBe('Salary');
    expect((screen.getByLabelText(/Ticker/) as HTMLInputElement).readOnly).toBe(true);
    fireEvent.click(saveButton());
    expect(await screen.findByText('Category and Subcategory are required')).toBeTruthy();
    expect(calls.filter((call) => call.url.includes('/assets'))).toHaveLength(0);
  });

  it('enables Save for an existing asset only once something changed', async () => {
    renderForm({ kind: 'assets', asset: asset({}) }, () => json(500, {}));
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Core holding' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
  });

  it('sends the changes and toasts the update once the drawer moved on', async () => {
    const { calls, onSaved } = renderForm({ kind: 'assets', asset: asset({}) }, () =>
      json(200, asset({ description: 'Core holding', updated_at: '2026-01-02T00:00:00.000Z' })),
    );
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Core holding' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const put = calls.find((call) => call.url.endsWith('/assets/a1'));
    expect(put?.body).toMatchObject({
      type: 'stock',
      name: 'Apple',
      ticker: 'AAPL',
      description: 'Core holding',
    });
    await waitFor(() =>
      expect(notifications.getSnapshot().map((item) => item.message)).toEqual(['Asset Apple updated']),
    );
  });

  it('offers the trash when a create collides with a soft-deleted currency', async () => {
    const { router } = renderForm({ kind: 'currencies' }, () =>
      json(409, {
        code: 'SOFT_DELETED_CONFLICT',
        message: 'An identical currency Euro is soft deleted: restore it from the trash',
      }),
    );
    fireEvent.change(screen.getByLabelText(/Name/), { target: { value: 'Euro' } });
    fireEvent.change(screen.getByLabelText(/Ticker/), { target: { value: 'EUR' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(notifications.getSnapshot()).toHaveLength(1));
    const [shown] = notifications.getSnapshot();
    expect(shown?.type).toBe('error');
    expect(shown?.actions?.map((action) => action.label)).toEqual(['Go to deleted currencies', 'Close']);
    shown?.actions?.[0]?.onClick();
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/currencies?view=trash',
      ),
    );
  });

  it('sends the version it loaded; a stale save shows the error toast with Reload and keeps the edit', async () => {
    const { calls, onSaved } = renderForm({ kind: 'assets', asset: asset({ version: 7 }) }, () =>
      json(409, {
        code: 'STALE_VERSION',
        message: 'This was changed by someone else: reload to see their change, then edit again',
        details: { current_version: 8 },
      }),
    );
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Core holding' } });
    fireEvent.click(saveButton());
    await waitFor(() => expect(notifications.getSnapshot()).toHaveLength(1));
    expect(calls.find((call) => call.url.endsWith('/assets/a1'))?.body).toMatchObject({
      description: 'Core holding',
      version: 7,
    });
    const [shown] = notifications.getSnapshot();
    expect([shown?.type, shown?.message]).toEqual([
      'error',
      'This was changed by someone else: reload to see their change, then edit again',
    ]);
    expect(shown?.actions?.map((action) => action.label)).toEqual(['Reload', 'Close']);
    expect(onSaved).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/Description/) as HTMLTextAreaElement).value).toBe('Core holding');
  });

  it("pre-fills a new asset's currency with the repository's, and Enter in its list keeps it", async () => {
    const user = userEvent.setup();
    const { calls } = renderForm({ kind: 'assets', currency: 'EUR' }, () => json(500, {}));
    const currency = screen.getByLabelText(/Currency/, { selector: 'input' }) as HTMLInputElement;
    await waitFor(() => expect(currency.value).toBe('EUR — Euro'));
    // The open list hovers the chosen option; Enter used to deselect it, and the field showed blank once left.
    await user.click(currency);
    await user.keyboard('{Enter}');
    await user.click(screen.getByLabelText(/Name/));
    expect(currency.value).toBe('EUR — Euro');
    expect(calls.filter((call) => call.url.includes('/assets'))).toHaveLength(0);
  });

  it('does not submit the form on Enter in a select, open or closed; Enter elsewhere still saves', async () => {
    const user = userEvent.setup();
    const { calls, onSaved } = renderForm({ kind: 'assets', asset: asset({}) }, () =>
      json(200, asset({ description: 'Core holding' })),
    );
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: 'Core holding' } });
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    const put = () => calls.filter((call) => call.url.endsWith('/assets/a1'));

    const currency = screen.getByLabelText(/Currency/, { selector: 'input' }) as HTMLInputElement;
    await user.click(currency);
    await user.keyboard('{Escape}');
    await user.keyboard('{Enter}');
    await user.click(currency);
    await user.keyboard('{Enter}');
    const type = screen.getByLabelText(/Type/, { selector: 'input' }) as HTMLInputElement;
    await user.click(type);
    await user.keyboard('{Enter}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(put()).toHaveLength(0);
    expect(onSaved).not.toHaveBeenCalled();

    // Enter on the open list's chosen option keeps it: a required choice is not undone by a key press.
    expect([type.value, currency.value]).toEqual(['stock', 'USD — US Dollar']);
    await user.click(screen.getByLabelText(/Name/));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(put()).toHaveLength(1));
  });
});
