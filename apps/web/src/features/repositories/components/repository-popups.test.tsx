import { MantineProvider } from '@mantine/core';
import type { TCollaborator } from '@strata/contracts/collaboration';
import type { TRepository } from '@strata/contracts/repositories';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { configureApiClient } from '../../../shared/api/api-client.ts';
import { REPOSITORIES_QUERY_KEY } from '../../../shared/api/repository-query-keys.ts';
import { ModalHost } from '../../../shared/modals/modal-host.tsx';
import { modals } from '../../../shared/modals/modal-store.ts';
import { removalQuestion } from './collaborators-tab.tsx';
import { repositoryActions } from './repository-modals.tsx';

const ALPHA = {
  id: 'r1',
  name: 'Alpha',
  currency: 'USD',
  access_type: 3,
  settings: { price_source_precedence: [] },
  user_repo_settings: { access_type: 3 },
  updated_at: '2026-11-25T10:00:00Z',
} as unknown as TRepository;

function renderHost(queryClient: QueryClient) {
  // The popups also list currencies and collaborators: empty lists, no network.
  configureApiClient({
    fetch: (async () =>
      new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch,
    logError: () => {},
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <ModalHost />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('repository popups follow the current name', () => {
  afterEach(() => {
    modals.closeAll();
    cleanup();
    configureApiClient({ fetch: (...args) => globalThis.fetch(...args) });
  });

  it('retitles the settings and delete popups after a rename, and asks for the new name', async () => {
    const queryClient = new QueryClient({
      defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } },
    });
    queryClient.setQueryData(REPOSITORIES_QUERY_KEY, [ALPHA]);
    renderHost(queryClient);
    act(() => repositoryActions.openSettings(ALPHA, { userEmail: 'ada@example.com', onUnlinked: () => {} }));
    await screen.findByText('Repository settings — Alpha');

    act(() => queryClient.setQueryData(REPOSITORIES_QUERY_KEY, [{ ...ALPHA, name: 'Beta' }]));
    await screen.findByText('Repository settings — Beta');
    expect(screen.queryByText('Repository settings — Alpha')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findByText('Delete Beta');
    const deleteButton = () =>
      screen
        .getAllByRole('button', { name: 'Delete' })
        .find((button) => button.closest('[role="dialog"]')?.textContent?.includes('Type the repository'));
    fireEvent.click(screen.getByLabelText('I understand that this repository will be deleted'));
    expect(deleteButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText("Type the repository's name to confirm"), {
      target: { value: 'Alpha' },
    });
    expect(deleteButton()).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText("Type the repository's name to confirm"), {
      target: { value: 'Beta' },
    });
    await waitFor(() => expect(deleteButton()).toHaveProperty('disabled', false));
  }, 30_000);
});

describe('removing access is asked first, naming who loses what', () => {
  const row = (status: TCollaborator['status']): TCollaborator => ({
    id: 'u2',
    email: 'bob@example.com',
    user: 'u2',
    access_type: 1,
    status,
    is_owner: false,
  });

  it('words each case', () => {
    expect(removalQuestion(row('accepted'), true, 'Alpha')).toEqual({
      title: 'Unlink repository',
      message: 'You will lose access to Alpha. Only its owner can invite you again.',
      confirmLabel: 'Unlink',
      isDestructive: true,
    });
    expect(removalQuestion(row('accepted'), false, 'Alpha')).toEqual({
      title: 'Remove collaborator',
      message: 'bob@example.com will lose access to Alpha.',
      confirmLabel: 'Remove',
      isDestructive: true,
    });
    expect(removalQuestion(row('pending'), false, 'Alpha')).toEqual({
      title: 'Withdraw invitation',
      message: 'The invitation of bob@example.com to Alpha will be withdrawn.',
      confirmLabel: 'Withdraw',
      isDestructive: true,
    });
    expect(removalQuestion(row('declined'), false, 'Alpha').title).toBe('Remove invitation');
  });
});
