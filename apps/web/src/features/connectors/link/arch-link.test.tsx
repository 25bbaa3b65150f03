import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { modals } from '../../../shared/modals/modal-store.ts';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { renderInApp, serveFakeApi, succeededTask } from '../testing/fake-api.tsx';
import { ArchLink } from './arch-link.tsx';

const REPOSITORY = '11111111-1111-4111-8111-111111111111';
const CONNECTOR_ID = '22222222-2222-4222-8222-222222222222';
const TASK_ID = '44444444-4444-4444-8444-444444444444';
const CLIENT_SECRET = 'arch-client-secret-7f3a9c';

const doneTask = succeededTask({
  id: TASK_ID,
  repositoryId: REPOSITORY,
  type: 'link_account',
  result: { added: 5, updated: 0, removed: 0, skipped_duplicate: 0, failed: 0 },
});

afterEach(() => {
  vi.unstubAllGlobals();
  modals.closeAll();
  notifications.clear();
});

describe('Arch link', () => {
  it('sends the client id and secret to arch_sync once, then shows the first sync; the secret is not kept on screen', async () => {
    const calls = serveFakeApi((method, url) => {
      if (method === 'POST' && url.pathname === '/api/linked_data/arch_sync')
        return { status: 200, body: { task_id: TASK_ID, connector_id: CONNECTOR_ID } };
      if (url.pathname === '/api/tasks') return { status: 200, body: [doneTask] };
      return undefined;
    });
    renderInApp(<ArchLink repositoryId={REPOSITORY} onClose={() => {}} />);
    const connect = screen.getByRole('button', { name: 'Connect' }) as HTMLButtonElement;
    expect(connect.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Client ID'), ' client-42 ');
    expect(connect.disabled).toBe(true);
    await userEvent.type(screen.getByLabelText('Client secret'), CLIENT_SECRET);
    await userEvent.clear(screen.getByLabelText('Connector name'));
    await userEvent.type(screen.getByLabelText('Connector name'), 'Arch funds');
    await userEvent.click(connect);
    const result = await screen.findByTestId('link-result');
    expect(result.textContent).toContain('Arch funds linked');
    expect(result.textContent).toContain('5 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed');
    expect(
      calls.filter((call) => call.method === 'POST').map(({ url, body }) => ({ path: url.pathname, body })),
    ).toEqual([
      {
        path: '/api/linked_data/arch_sync',
        body: {
          repository_id: REPOSITORY,
          client_id: 'client-42',
          client_secret: CLIENT_SECRET,
          name: 'Arch funds',
        },
      },
    ]);
    expect(document.body.innerHTML).not.toContain(CLIENT_SECRET);
  });

  it('a client Arch refuses shows the reason', async () => {
    const refusal = 'Arch refused these credentials: check the client id and secret';
    serveFakeApi((method, url) =>
      method === 'POST' && url.pathname === '/api/linked_data/arch_sync'
        ? { status: 400, body: { code: 'BAD_REQUEST', message: refusal } }
        : undefined,
    );
    renderInApp(<ArchLink repositoryId={REPOSITORY} onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Client ID'), 'wrong');
    await userEvent.type(screen.getByLabelText('Client secret'), CLIENT_SECRET);
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByTestId('link-failed')).textContent).toContain(refusal);
  });
});
