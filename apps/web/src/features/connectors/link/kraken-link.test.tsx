import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { renderInApp, serveFakeApi, succeededTask } from '../testing/fake-api.tsx';
import { KrakenLink } from './kraken-link.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const CONNECTOR_ID = '22222222-2222-4222-8222-222222222222';
const TASK_ID = '44444444-4444-4444-8444-444444444444';
const PRIVATE_KEY = 'c2VjcmV0LXByaXZhdGUta2V5';

const doneTask = succeededTask({
  id: TASK_ID,
  repositoryId: REPOSITORY,
  type: 'sync_linked_account',
  result: { added: 66, updated: 0, removed: 0, skipped_duplicate: 0, failed: 0 },
});

afterEach(() => {
  vi.unstubAllGlobals();
  modals.closeAll();
  notifications.clear();
});

describe('Kraken link', () => {
  it('sends the key and private key to kraken_sync once, then shows the first sync; the key is not kept on screen', async () => {
    const calls = serveFakeApi((method, url) => {
      if (method === 'POST' && url.pathname === '/api/linked_data/kraken_sync')
        return { status: 200, body: { task_id: TASK_ID, connector_id: CONNECTOR_ID } };
      if (url.pathname === '/api/tasks') return { status: 200, body: [doneTask] };
      return undefined;
    });
    renderInApp(<KrakenLink repositoryId={REPOSITORY} onClose={() => {}} />);
    const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('API key'), 'my-api-key');
    expect(connect.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Private key'), PRIVATE_KEY);
    await userEvent.click(connect);
    const result = await screen.findByTestId('link-result');
    expect(result.textContent).toContain('Kraken linked');
    expect(result.textContent).toContain('66 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed');
    expect(
      calls.filter((call) => call.method === 'POST').map(({ url, body }) => ({ path: url.pathname, body })),
    ).toEqual([
      {
        path: '/api/linked_data/kraken_sync',
        body: { repository_id: REPOSITORY, api_key: 'my-api-key', api_secret: PRIVATE_KEY, name: 'Kraken' },
      },
    ]);
    expect(document.body.innerHTML).not.toContain(PRIVATE_KEY);
  });

  it('a key Kraken refuses shows the reason', async () => {
    const refusal = 'Kraken refused this API key: check the key, its private key and its permissions';
    serveFakeApi((method, url) =>
      method === 'POST' && url.pathname === '/api/linked_data/kraken_sync'
        ? { status: 400, body: { code: 'BAD_REQUEST', message: refusal } }
        : undefined,
    );
    renderInApp(<KrakenLink repositoryId={REPOSITORY} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('API key'), 'wrong');
    await userEvent.type(screen.getByLabelText('Private key'), PRIVATE_KEY);
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByTestId('link-failed')).textContent).toContain(refusal);
  });
});
