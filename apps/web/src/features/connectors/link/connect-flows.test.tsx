import type { TProviderInfo } from '@strata/contracts/linked-providers';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { renderInApp, serveFakeApi, succeededTask } from '../testing/fake-api.tsx';
import { ConnectChooser } from './connect-chooser.tsx';
import { ConsentStep } from './consent-step.tsx';
import { resumePlaidLink, startPlaidLink } from './plaid-link.tsx';
import { isPlaidOAuthReturn, savePlaidLink, takePlaidLink } from './plaid-link-resume.ts';
import type { TPlaidCreateConfig } from './plaid-link-script.ts';
import { SimplefinLink } from './simplefin-link.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const CONNECTOR_ID = '22222222-2222-4222-8222-222222222222';
const TASK_ID = '44444444-4444-4444-8444-444444444444';

const messages = () => notifications.getSnapshot().map((item) => item.message);

const connectorAnswer = {
  id: CONNECTOR_ID,
  repository_id: REPOSITORY,
  name: 'First Platypus Bank',
  access_method: 'plaid',
  status: 'pending',
  status_message: null,
  source: 'plaid',
  logo: null,
  repositories: [{ id: REPOSITORY, name: 'Home' }],
  created_at: '2026-11-27T10:00:00.000Z',
  updated_at: '2026-11-27T10:00:00.000Z',
  task_id: TASK_ID,
};

const doneTask = succeededTask({
  id: TASK_ID,
  repositoryId: REPOSITORY,
  type: 'sync_linked_account',
  result: { added: 4, updated: 0, removed: 1, skipped_duplicate: 2, failed: 0 },
});

afterEach(() => {
  vi.unstubAllGlobals();
  delete window.Plaid;
  modals.closeAll();
  notifications.clear();
});

describe('the consent dialog (linked seed §2)', () => {
  it('keeps Next disabled until the consent checkbox is ticked', async () => {
    const onNext = vi.fn();
    renderInApp(
      <ConsentStep providerName="Example Bank Data" onNext={onNext}>
        What it reads.
      </ConsentStep>,
    );
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    await userEvent.click(next);
    expect(onNext).not.toHaveBeenCalled();
    const box = screen.getByRole('checkbox', {
      name: "I agree that Example Bank Data shares these accounts' data with this repository",
    });
    await userEvent.click(box);
    expect(next.disabled).toBe(false);
    await userEvent.click(next);
    expect(onNext).toHaveBeenCalledTimes(1);
    // Unticked again: Next goes back to disabled.
    await userEvent.click(box);
    expect(next.disabled).toBe(true);
  });

  it('SimpleFIN: consent, then the setup token, claimed by the server, then the sync counts', async () => {
    const calls = serveFakeApi((method, url) => {
      if (method === 'POST' && url.pathname === '/api/linked_data/connectors')
        return { status: 201, body: { ...connectorAnswer, name: 'My bridge', access_method: 'simplefin' } };
      if (url.pathname === '/api/tasks') return { status: 200, body: [doneTask] };
      return undefined;
    });
    renderInApp(<SimplefinLink repositoryId={REPOSITORY} onClose={() => {}} />);
    expect(screen.queryByLabelText('Setup token')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(true);
    await userEvent.clear(screen.getByLabelText('Connector name'));
    await userEvent.type(screen.getByLabelText('Connector name'), 'My bridge');
    await userEvent.type(screen.getByLabelText('Setup token'), 'aHR0cDovL2JyaWRnZS9jbGFpbS94');
    await userEvent.click(connect);
    const result = await screen.findByTestId('link-result');
    expect(result.textContent).toContain('My bridge linked');
    expect(result.textContent).toContain('4 added, 0 updated, 1 removed, 2 skipped as duplicates, 0 failed');
    const made = calls.find((call) => call.method === 'POST');
    expect(made?.body).toEqual({
      repository_id: REPOSITORY,
      name: 'My bridge',
      access_method: 'simplefin',
      setup_token: 'aHR0cDovL2JyaWRnZS9jbGFpbS94',
    });
  });
});

describe('SimpleFIN refusals', () => {
  it('a token the bridge refuses shows why, in the dialog and as a toast; the claim is sent once even in StrictMode', async () => {
    const refusal =
      'The provider refused the link: try connecting again: the setup token was already claimed or is not valid';
    const calls = serveFakeApi((method, url) =>
      method === 'POST' && url.pathname === '/api/linked_data/connectors'
        ? { status: 400, body: { code: 'BAD_REQUEST', message: refusal } }
        : undefined,
    );
    renderInApp(
      <StrictMode>
        <SimplefinLink repositoryId={REPOSITORY} onClose={() => {}} />
      </StrictMode>,
    );
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.type(screen.getByLabelText('Setup token'), 'dXNlZA==');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    const failed = await screen.findByTestId('link-failed');
    expect(failed.textContent).toContain(refusal);
    expect(messages()).toEqual([refusal]);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });
});

describe('the Connect chooser', () => {
  it("lists the server's providers; one not configured is disabled with 'Connector not available'", async () => {
    const providers: TProviderInfo[] = [
      { id: 'plaid', name: 'Plaid', available: true, flow: 'overlay', logo: null },
      { id: 'simplefin', name: 'SimpleFIN', available: false, flow: 'token', logo: null },
    ];
    serveFakeApi((_method, url) =>
      url.pathname === '/api/linked_data/providers' ? { status: 200, body: providers } : undefined,
    );
    renderInApp(<ConnectChooser repositoryId={REPOSITORY} onClose={() => {}} />);
    const simplefin = await screen.findByRole('region', { name: 'SimpleFIN' });
    expect(within(simplefin).getByText('Connector not available')).toBeTruthy();
    expect(
      (within(simplefin).getByRole('button', { name: 'Connect SimpleFIN' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    const plaid = screen.getByRole('region', { name: 'Plaid' });
    expect(within(plaid).queryByText('Connector not available')).toBeNull();
    expect((within(plaid).getByRole('button', { name: 'Connect Plaid' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(screen.getByRole('button', { name: 'OFX/QFX file' })).toBeTruthy();
  });
  it('Arch is linked from the chooser: its card opens the client id and secret form', async () => {
    const providers: TProviderInfo[] = [
      { id: 'arch', name: 'Arch', available: true, flow: 'credentials', logo: '/connector-logos/arch.svg' },
    ];
    serveFakeApi((_method, url) =>
      url.pathname === '/api/linked_data/providers' ? { status: 200, body: providers } : undefined,
    );
    renderInApp(<ConnectChooser repositoryId={REPOSITORY} onClose={() => {}} />);
    const arch = await screen.findByRole('region', { name: 'Arch' });
    // The wordmark is drawn whole at its own proportions (a square box cut it to 'Arc'), and names the card.
    const logo = within(arch).getByRole('img', { name: 'Arch' }) as HTMLImageElement;
    expect(logo.getAttribute('src')).toBe('/connector-logos/arch.svg');
    expect(logo.style.width).toBe('auto');
    const connect = within(arch).getByRole('button', { name: 'Connect Arch' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(false);
    await userEvent.click(connect);
    const dialog = await screen.findByRole('dialog', { name: 'Connect Arch' });
    expect(within(dialog).getByLabelText('Client ID')).toBeTruthy();
    expect(within(dialog).getByLabelText('Client secret')).toBeTruthy();
  });
});

describe('the Plaid overlay', () => {
  it("a refused Link token is the seed's toast 'Error while getting Plaid token', and Link never opens", async () => {
    const create = vi.fn();
    window.Plaid = { create };
    serveFakeApi((_method, url) =>
      url.pathname === '/api/linked_data/access_token'
        ? { status: 503, body: { code: 'SERVICE_UNAVAILABLE', message: 'Error while getting Plaid token' } }
        : undefined,
    );
    await startPlaidLink({ repositoryId: REPOSITORY });
    expect(messages()).toEqual(['Error while getting Plaid token']);
    expect(create).not.toHaveBeenCalled();
  });

  it("a server without Plaid configured says 'Connector not available' rather than the token error", async () => {
    serveFakeApi((_method, url) =>
      url.pathname === '/api/linked_data/access_token'
        ? { status: 400, body: { code: 'BAD_REQUEST', message: 'Connector not available' } }
        : undefined,
    );
    await startPlaidLink({ repositoryId: REPOSITORY });
    expect(messages()).toEqual(['Connector not available']);
  });

  it("an answer without the Link address names the connector: 'Plaid URL is not available'", async () => {
    const create = vi.fn();
    window.Plaid = { create };
    serveFakeApi((_method, url) =>
      url.pathname === '/api/linked_data/access_token'
        ? { status: 200, body: { token: 'link-sandbox-1', url: '', expiration: null } }
        : undefined,
    );
    await startPlaidLink({ repositoryId: REPOSITORY });
    expect(messages()).toEqual(['Plaid URL is not available']);
    expect(create).not.toHaveBeenCalled();
  });

  it("opens Link with the token; its public token makes the connector, then the first sync's counts show", async () => {
    let config: TPlaidCreateConfig | undefined;
    const open = vi.fn();
    window.Plaid = {
      create: (given) => {
        config = given;
        return { open, destroy: () => {} };
      },
    };
    const calls = serveFakeApi((method, url) => {
      if (url.pathname === '/api/linked_data/access_token')
        return {
          status: 200,
          body: { token: 'link-sandbox-1', url: 'http://127.0.0.1:1/link.js', expiration: null },
        };
      if (method === 'POST' && url.pathname === '/api/linked_data/connectors')
        return { status: 201, body: connectorAnswer };
      if (url.pathname === '/api/tasks') return { status: 200, body: [doneTask] };
      return undefined;
    });
    renderInApp(null);
    await startPlaidLink({ repositoryId: REPOSITORY });
    expect(config?.token).toBe('link-sandbox-1');
    expect(open).toHaveBeenCalledTimes(1);
    act(() => config?.onSuccess('public-sandbox-1', { institution: { name: 'First Platypus Bank' } }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect First Platypus Bank' });
    await waitFor(() => expect(within(dialog).getByTestId('link-result')).toBeTruthy());
    expect(within(dialog).getByTestId('link-result').textContent).toContain(
      '4 added, 0 updated, 1 removed, 2 skipped as duplicates, 0 failed',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      repository_id: REPOSITORY,
      name: 'First Platypus Bank',
      access_method: 'plaid',
      public_token: 'public-sandbox-1',
    });
  });

  it('resumes Link after an OAuth bank sends the browser back: the same token and the receivedRedirectUri', async () => {
    const configs: TPlaidCreateConfig[] = [];
    window.Plaid = {
      create: (given) => {
        configs.push(given);
        return { open: () => {}, destroy: () => {} };
      },
    };
    const calls = serveFakeApi((method, url) => {
      if (url.pathname === '/api/linked_data/access_token')
        return {
          status: 200,
          body: { token: 'link-sandbox-oauth', url: 'http://127.0.0.1:1/link.js', expiration: null },
        };
      if (method === 'POST' && url.pathname === '/api/linked_data/connectors')
        return { status: 201, body: connectorAnswer };
      if (url.pathname === '/api/tasks') return { status: 200, body: [doneTask] };
      return undefined;
    });
    renderInApp(null);
    await startPlaidLink({ repositoryId: REPOSITORY });
    // Link sends the page to the bank (no callback runs); the bank sends it back with its oauth_state_id.
    const back = 'http://localhost/connectors?oauth_state_id=7f9a2b3c-oauth';
    expect(isPlaidOAuthReturn(back)).toBe(true);
    expect(isPlaidOAuthReturn('http://localhost/connectors')).toBe(false);
    await resumePlaidLink(back);
    expect(configs.map((config) => [config.token, config.receivedRedirectUri])).toEqual([
      ['link-sandbox-oauth', undefined],
      ['link-sandbox-oauth', back],
    ]);
    act(() =>
      configs[1]?.onSuccess('public-sandbox-oauth', { institution: { name: 'First Platypus Bank' } }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Connect First Platypus Bank' });
    await waitFor(() => expect(within(dialog).getByTestId('link-result')).toBeTruthy());
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {
        repository_id: REPOSITORY,
        name: 'First Platypus Bank',
        access_method: 'plaid',
        public_token: 'public-sandbox-oauth',
      },
    ]);
    // Finished: the saved link is gone, so the same address again cannot open Link twice.
    await resumePlaidLink(back);
    expect(configs).toHaveLength(2);
    // After the first link's own 'synced' toast, the refusal to resume what is no longer saved.
    expect(messages().at(-1)).toBe(
      'The bank sent you back, but this tab no longer has the Plaid link it started: connect again',
    );
  });

  it('a saved link older than half an hour is not resumed', () => {
    savePlaidLink(
      window.sessionStorage,
      { token: 'link-old', url: 'http://127.0.0.1:1/link.js', repositoryId: REPOSITORY },
      1_000,
    );
    expect(takePlaidLink(window.sessionStorage, 1_000 + 31 * 60 * 1000)).toBeNull();
    savePlaidLink(
      window.sessionStorage,
      { token: 'link-new', url: 'http://127.0.0.1:1/link.js', repositoryId: REPOSITORY },
      1_000,
    );
    expect(takePlaidLink(window.sessionStorage, 1_000 + 29 * 60 * 1000)?.token).toBe('link-new');
    // Taken once.
    expect(takePlaidLink(window.sessionStorage, 1_000)).toBeNull();
  });
});
