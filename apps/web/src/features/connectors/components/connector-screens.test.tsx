import { MantineProvider } from '@mantine/core';
import type { TConnector, TLinkedAccount } from '@strata/contracts/linked-data';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ModalHost } from '../../../shared/modals/modal-host.tsx';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { ConnectorDetail } from '../routes/connector-page.tsx';
import { ConnectorsList } from '../routes/connectors-page.tsx';
import { LinkedAccountFrame } from '../routes/linked-account-page.tsx';
import { openAccountConnectorPanel } from './account-connector-panel.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const CONNECTOR_ID = '22222222-2222-4222-8222-222222222222';
const ACCOUNT_ID = '33333333-3333-4333-8333-333333333333';

const connector = (patch: Partial<TConnector> = {}): TConnector => ({
  id: CONNECTOR_ID,
  repository_id: REPOSITORY,
  name: 'Chase statements',
  access_method: 'manual',
  status: 'ok',
  status_message: null,
  source: null,
  logo: null,
  repositories: [{ id: REPOSITORY, name: 'Home' }],
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
  ...patch,
});

const account: TLinkedAccount = {
  id: ACCOUNT_ID,
  repository_id: REPOSITORY,
  connector_id: CONNECTOR_ID,
  connector_name: 'Chase statements',
  external_id: '12300 000012345678',
  number: '12300 000012345678',
  name: null,
  type: 'CHECKING',
  currency: 'CAD',
  asset_id: null,
  transactions_count: 1234,
};

type TRoute = (method: string, url: URL) => { status: number; body: unknown } | undefined;

/** Answers the API from `route`; what it does not answer is a 404 in the server's error shape. */
function serve(route: TRoute) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    calls.push(`${method} ${url.pathname}`);
    const answer = route(method, url) ?? { status: 404, body: { statusCode: 404, message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}

function renderWith(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>
          {ui}
          <ModalHost />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  modals.closeAll();
  notifications.clear();
});

describe('/connectors (linked seed §2)', () => {
  it('shows the no-data view with the kinds and the primary action when nothing is linked', async () => {
    serve((_method, url) =>
      url.pathname === '/api/linked_data/connectors' || url.pathname === '/api/linked_data/accounts'
        ? { status: 200, body: [] }
        : undefined,
    );
    renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite />);
    expect(await screen.findByRole('heading', { name: 'Link your accounts' })).toBeTruthy();
    const kinds = screen.getByRole('list', { name: 'Kinds of connector' });
    expect(within(kinds).getByText('OFX or QFX file')).toBeTruthy();
    expect(within(kinds).getAllByText('Not available yet')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Import OFX/QFX file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import OFX/QFX file' });
    // No file: the seed's 'Nothing to import', and nothing is sent.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Nothing to import');
  });

  it('offers a read-only member no action', async () => {
    serve((_method, url) =>
      url.pathname === '/api/linked_data/connectors'
        ? { status: 200, body: [connector()] }
        : url.pathname === '/api/linked_data/accounts'
          ? { status: 200, body: [account] }
          : undefined,
    );
    renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite={false} />);
    expect(await screen.findByRole('link', { name: '12300 000012345678' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actions of Chase statements' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load a file' })).toBeNull();
  });

  it('lists connectors with their status, message and accounts', async () => {
    serve((_method, url) =>
      url.pathname === '/api/linked_data/connectors'
        ? {
            status: 200,
            body: [
              connector(),
              connector({
                id: '44444444-4444-4444-8444-444444444444',
                name: 'Card',
                status: 'failed',
                status_message: 'This file is not OFX: it looks like QIF; choose the QIF loader',
              }),
            ],
          }
        : url.pathname === '/api/linked_data/accounts'
          ? { status: 200, body: [account] }
          : undefined,
    );
    renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite />);
    const chase = await screen.findByRole('region', { name: 'Connector Chase statements' });
    expect(within(chase).getByLabelText('Status OK')).toBeTruthy();
    const row = within(chase).getByRole('link', { name: '12300 000012345678' });
    expect(row.getAttribute('href')).toBe(`/connectors/${CONNECTOR_ID}/${ACCOUNT_ID}`);
    expect(within(chase).getByText('1,234')).toBeTruthy();
    const card = screen.getByRole('region', { name: 'Connector Card' });
    expect(within(card).getByLabelText('Status Failed')).toBeTruthy();
    expect(
      within(card).getByText('This file is not OFX: it looks like QIF; choose the QIF loader'),
    ).toBeTruthy();
    expect(
      within(card).getByText('No accounts yet: import a statement file into this connector.'),
    ).toBeTruthy();
  });

  it("provider connectors: 'Sync now' with its toasts, 'Reconnect' after login required, 'Powered by' Plaid", async () => {
    const TASK = '55555555-5555-4555-8555-555555555555';
    const plaid = connector({ name: 'First Platypus', access_method: 'plaid', source: 'plaid' });
    const expired = connector({
      id: '44444444-4444-4444-8444-444444444444',
      name: 'Old Bank',
      access_method: 'plaid',
      status: 'failed',
      status_message: 'Login required: reconnect this connector to the bank',
    });
    const bridge = connector({
      id: '66666666-6666-4666-8666-666666666666',
      name: 'Bridge',
      access_method: 'simplefin',
    });
    const calls = serve((method, url) => {
      if (url.pathname === '/api/linked_data/connectors')
        return { status: 200, body: [plaid, expired, bridge] };
      if (url.pathname === '/api/linked_data/accounts') return { status: 200, body: [] };
      if (method === 'POST' && url.pathname === `/api/linked_data/connectors/${CONNECTOR_ID}/sync`)
        return { status: 200, body: { task_id: TASK } };
      if (url.pathname === '/api/tasks')
        return {
          status: 200,
          body: [
            {
              id: TASK,
              type: 'sync_linked_account',
              status: 'succeeded',
              repository_id: REPOSITORY,
              error: null,
              progress: { stage: 'written' },
              result: { added: 2, updated: 1, removed: 0, skipped_duplicate: 3, failed: 0 },
              created_at: '2026-11-27T10:00:00.000Z',
              updated_at: '2026-11-27T10:00:01.000Z',
              started_at: '2026-11-27T10:00:00.000Z',
              finished_at: '2026-11-27T10:00:01.000Z',
            },
          ],
        };
      return undefined;
    });
    renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite />);
    const card = await screen.findByRole('region', { name: 'Connector First Platypus' });
    expect(within(card).getByLabelText('Powered by Plaid')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Reconnect' })).toBeNull();
    const old = screen.getByRole('region', { name: 'Connector Old Bank' });
    expect(within(old).getByRole('button', { name: 'Reconnect' })).toBeTruthy();
    expect(within(old).queryByRole('button', { name: 'Sync now' })).toBeNull();
    const simplefin = screen.getByRole('region', { name: 'Connector Bridge' });
    expect(within(simplefin).queryByLabelText(/Powered by/)).toBeNull();
    expect(within(simplefin).getByRole('button', { name: 'Sync now' })).toBeTruthy();
    // A provider's connector has nothing to import.
    await userEvent.click(within(card).getByRole('button', { name: 'Actions of First Platypus' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename', hidden: true })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Import', hidden: true })).toBeNull();
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(card).getByRole('button', { name: 'Sync now' }));
    await waitFor(() =>
      expect(notifications.getSnapshot().map((item) => item.message)).toContain('First Platypus synced'),
    );
    const done = notifications.getSnapshot().find((item) => item.message === 'First Platypus synced');
    expect(done?.description).toBe('2 added, 1 updated, 0 removed, 3 skipped as duplicates, 0 failed');
    expect(calls).toContain(`POST /api/linked_data/connectors/${CONNECTOR_ID}/sync`);
  });

  it('offers a read-only member neither Connect nor Sync now nor Reconnect', async () => {
    serve((_method, url) =>
      url.pathname === '/api/linked_data/connectors'
        ? {
            status: 200,
            body: [
              connector({ access_method: 'plaid' }),
              connector({
                id: '44444444-4444-4444-8444-444444444444',
                name: 'Old Bank',
                access_method: 'plaid',
                status: 'failed',
                status_message: 'Login required: reconnect this connector to the bank',
              }),
            ],
          }
        : url.pathname === '/api/linked_data/accounts'
          ? { status: 200, body: [] }
          : undefined,
    );
    renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite={false} />);
    await screen.findByRole('region', { name: 'Connector Old Bank' });
    expect(screen.queryByRole('button', { name: 'Connect' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reconnect' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Actions of/ })).toBeNull();
  });

  it("deletes a connector only after the confirmation, with the 'Connector deleted' toast", async () => {
    let isDeleted = false;
    const calls = serve((method, url) => {
      if (url.pathname === '/api/linked_data/connectors')
        return { status: 200, body: isDeleted ? [] : [connector()] };
      if (url.pathname === '/api/linked_data/accounts') return { status: 200, body: [] };
      if (method === 'DELETE' && url.pathname === `/api/linked_data/connectors/${CONNECTOR_ID}`) {
        isDeleted = true;
        return { status: 200, body: { message: 'Connector deleted' } };
      }
      return undefined;
    });
    renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions of Chase statements' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete', hidden: true }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete connector' });
    expect(
      within(confirm).getByText(/Its linked accounts, their sync events and linked transactions/),
    ).toBeTruthy();
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(notifications.getSnapshot().map((item) => item.message)).toContain('Connector deleted'),
    );
    expect(await screen.findByRole('heading', { name: 'Link your accounts' })).toBeTruthy();
  });

  it('renames a connector', async () => {
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method === 'PATCH') bodies.push(JSON.parse(String(init?.body)));
      const body =
        url.pathname === '/api/linked_data/connectors'
          ? [connector()]
          : url.pathname === '/api/linked_data/accounts'
            ? []
            : connector({ name: 'Chequing' });
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderWith(<ConnectorsList repositoryId={REPOSITORY} canWrite />);
    await userEvent.click(await screen.findByRole('button', { name: 'Actions of Chase statements' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Rename', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename connector' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await userEvent.clear(name);
    await userEvent.type(name, '  Chequing ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies).toEqual([{ name: 'Chequing' }]));
    expect(notifications.getSnapshot().map((item) => item.message)).toContain(
      'Connector renamed to Chequing',
    );
  });
});

describe('connector and linked account pages: an unknown id is a 404 (seed §2)', () => {
  it('/connectors/{id} of no connector', async () => {
    serve((_method, url) =>
      url.pathname.startsWith('/api/linked_data/') ? { status: 200, body: [connector()] } : undefined,
    );
    renderWith(
      <ConnectorDetail
        repositoryId={REPOSITORY}
        connectorId="55555555-5555-4555-8555-555555555555"
        canWrite
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('/connectors/{id} of a connector shows it with its accounts', async () => {
    serve((_method, url) =>
      url.pathname === '/api/linked_data/connectors'
        ? { status: 200, body: [connector()] }
        : url.pathname === '/api/linked_data/accounts'
          ? { status: 200, body: [account] }
          : undefined,
    );
    renderWith(<ConnectorDetail repositoryId={REPOSITORY} connectorId={CONNECTOR_ID} canWrite />);
    expect(await screen.findByRole('heading', { name: 'Chase statements' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '12300 000012345678' })).toBeTruthy();
  });

  it('an account the API does not know', async () => {
    serve(() => undefined);
    renderWith(
      <LinkedAccountFrame repositoryId={REPOSITORY} connectorId={CONNECTOR_ID} accountId={ACCOUNT_ID} />,
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('an account of another connector, and a known one titled with its name and type', async () => {
    serve((_method, url) =>
      url.pathname === `/api/linked_data/accounts/${ACCOUNT_ID}` ? { status: 200, body: account } : undefined,
    );
    const { unmount } = renderWith(
      <LinkedAccountFrame
        repositoryId={REPOSITORY}
        connectorId="66666666-6666-4666-8666-666666666666"
        accountId={ACCOUNT_ID}
      />,
    );
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    unmount();
    renderWith(
      <LinkedAccountFrame repositoryId={REPOSITORY} connectorId={CONNECTOR_ID} accountId={ACCOUNT_ID} />,
    );
    expect(await screen.findByRole('heading', { name: '12300 000012345678 · CHECKING' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Transactions' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Positions' })).toBeTruthy();
  });
});

describe('the account connector panel (linked seed §2)', () => {
  it('is a minimizable slide-over titled with the account name and type, listing that account only', async () => {
    const asked: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input instanceof Request ? input.url : input), 'http://localhost'));
      return new Response(JSON.stringify({ data: [], meta: { page_size: 50, page_no: 1, total: 0 } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderWith(null);
    act(() =>
      openAccountConnectorPanel({
        repositoryId: REPOSITORY,
        assetId: ACCOUNT_ID,
        accountName: 'Everyday checking',
        accountType: 'bank account',
      }),
    );
    const panel = await screen.findByRole('dialog', { name: /Everyday checking · bank account/ });
    expect(within(panel).getByRole('button', { name: 'Minimise' })).toBeTruthy();
    expect(within(panel).getByRole('tab', { name: 'Transactions' })).toBeTruthy();
    expect(within(panel).getByRole('tab', { name: 'Positions' })).toBeTruthy();
    expect(await within(panel).findByText('No linked transactions yet')).toBeTruthy();
    expect(asked[0]?.searchParams.get('asset_id')).toBe(ACCOUNT_ID);
  });

  for (const [method, isPowered] of [
    ['plaid', true],
    ['manual', false],
  ] as const) {
    it(`a ${method} connector's account: ${isPowered ? "'Powered by' Plaid with its logo" : "no 'Powered by'"}`, async () => {
      const calls = serve((_method, url) => {
        if (url.pathname === `/api/linked_data/accounts/${ACCOUNT_ID}`) return { status: 200, body: account };
        if (url.pathname === '/api/linked_data/connectors')
          return { status: 200, body: [connector({ access_method: method })] };
        return { status: 200, body: { data: [], meta: { page_size: 50, page_no: 1, total: 0 } } };
      });
      renderWith(null);
      act(() =>
        openAccountConnectorPanel({
          repositoryId: REPOSITORY,
          assetId: `asset-${method}`,
          linkedAccountId: ACCOUNT_ID,
          accountName: 'Everyday checking',
          accountType: 'bank account',
        }),
      );
      const panel = await screen.findByRole('dialog', { name: /Everyday checking · bank account/ });
      await within(panel).findByText('No linked transactions yet');
      if (isPowered) {
        const powered = await within(panel).findByLabelText('Powered by Plaid');
        expect(within(powered).getByRole('img', { name: 'Plaid' }).getAttribute('src')).toBe(
          '/connector-logos/plaid.svg',
        );
      } else {
        // Both the linked account and the connectors have answered: still nothing.
        await waitFor(() => expect(calls).toContain('GET /api/linked_data/connectors'));
        await waitFor(() => expect(calls).toContain(`GET /api/linked_data/accounts/${ACCOUNT_ID}`));
        await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
        expect(within(panel).queryByLabelText(/Powered by/)).toBeNull();
      }
    });
  }

  it("lists the linked account's positions on its Positions tab", async () => {
    const asked: URL[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input instanceof Request ? input.url : input), 'http://localhost'));
      return new Response(JSON.stringify({ data: [], meta: { page_size: 50, page_no: 1, total: 0 } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderWith(null);
    act(() =>
      openAccountConnectorPanel({
        repositoryId: REPOSITORY,
        assetId: ACCOUNT_ID,
        linkedAccountId: 'linked-brokerage',
        accountName: 'Brokerage',
        accountType: 'investment account',
      }),
    );
    const panel = await screen.findByRole('dialog', { name: /Brokerage · investment account/ });
    await userEvent.click(within(panel).getByRole('tab', { name: 'Positions' }));
    await waitFor(() =>
      expect(asked.some((url) => url.pathname.endsWith('/linked_data/positions'))).toBe(true),
    );
    const positions = asked.find((url) => url.pathname.endsWith('/linked_data/positions'));
    expect(positions?.searchParams.get('linked_account_id')).toBe('linked-brokerage');
    expect(positions?.searchParams.get('repository_id')).toBe(REPOSITORY);
  });
});
