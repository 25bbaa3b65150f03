import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ModalHost } from '../modals/modal-host.tsx';
import { createModalStore } from '../modals/modal-store.ts';
import { TrashActions } from './trash-actions.tsx';

function setup(selectedCount: number, totalCount?: number) {
  const store = createModalStore();
  const calls: string[] = [];
  const handler = (name: string) => async () => {
    calls.push(name);
  };
  renderWithProviders(
    <>
      <TrashActions
        selectedCount={selectedCount}
        totalCount={totalCount}
        itemsLabel="transactions"
        onRestoreSelected={handler('restore-selected')}
        onRestoreAll={handler('restore-all')}
        onDeleteSelected={handler('delete-selected')}
        onEmptyTrash={handler('empty')}
        modalStore={store}
      />
      <ModalHost store={store} />
    </>,
  );
  return { calls, store, user: userEvent.setup() };
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('TrashActions', () => {
  it('restores the selection at once and deletes it forever only after confirming', async () => {
    const { calls, store, user } = setup(2, 10);
    await user.click(button('Restore selected'));
    await waitFor(() => expect(calls).toEqual(['restore-selected']));

    await user.click(button('Delete forever'));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Delete 2 selected transactions forever? This cannot be undone.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(store.getSnapshot()).toHaveLength(0));
    expect(calls).toEqual(['restore-selected']);

    await user.click(button('Delete forever'));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete forever' }),
    );
    await waitFor(() => expect(calls).toEqual(['restore-selected', 'delete-selected']));
  });

  it('asks before restoring all and emptying the trash', async () => {
    const { calls, user } = setup(0, 10);
    await user.click(button('Empty trash'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Empty trash' }));
    await waitFor(() => expect(calls).toEqual(['empty']));
    await user.click(button('Restore all'));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restore all' }));
    await waitFor(() => expect(calls).toEqual(['empty', 'restore-all']));
  });

  it('disables selection actions without a selection and bulk actions on an empty trash', () => {
    setup(0, 0);
    expect(button('Restore selected').disabled).toBe(true);
    expect(button('Delete forever').disabled).toBe(true);
    expect(button('Restore all').disabled).toBe(true);
    expect(button('Empty trash').disabled).toBe(true);
  });
});
