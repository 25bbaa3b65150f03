import { MantineProvider, TextInput } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { UnsavedChangesGuard } from '../forms/unsaved-changes-guard.tsx';
import { guardedDialogScope, UnsavedScope, useUnsavedChanges } from '../forms/use-unsaved-changes.tsx';
import { ModalHost } from '../modals/modal-host.tsx';
import { modals } from '../modals/modal-store.ts';
import { ItemDialog } from './item-dialog.tsx';

// Issue 19, item 1: the item dialogs of tags, contacts and documents (and the dialogs on the modal stack that
// add contacts and documents) ask before their X, Escape or Back loses what was typed.
function NameForm() {
  const [name, setName] = useState('');
  useUnsavedChanges(name !== '');
  return <TextInput label="Name" value={name} onChange={(event) => setName(event.currentTarget.value)} />;
}

function renderTagDialog() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost />
            <UnsavedChangesGuard />
          </>
        ),
        children: [
          { path: '/tags', element: <p>tag list</p> },
          {
            path: '/tags/:id',
            element: (
              <ItemDialog title="New tag" listPath="/tags">
                <NameForm />
              </ItemDialog>
            ),
          },
        ],
      },
    ],
    { initialEntries: ['/tags', '/tags/new'], initialIndex: 1 },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

afterEach(() => modals.closeAll());

describe('ItemDialog with unsaved input', () => {
  it('closes at once while nothing was typed', async () => {
    const router = renderTagDialog();
    await userEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(await screen.findByText('tag list')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tags');
  });

  it('asks on the X: Continue editing keeps the input, Discard form changes goes to the list', async () => {
    const router = renderTagDialog();
    await userEvent.type(await screen.findByLabelText('Name'), 'Colour');
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Continue editing' }));
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Colour');
    expect(router.state.location.pathname).toBe('/tags/new');

    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
    await userEvent.click(await screen.findByRole('button', { name: 'Discard form changes' }));
    expect(await screen.findByText('tag list')).toBeTruthy();
    // One question only: the navigation that follows the discard is not asked again.
    expect(screen.queryByText('Unsaved changes')).toBeNull();
    expect(router.state.location.pathname).toBe('/tags');
  });

  it('asks on Back', async () => {
    const router = renderTagDialog();
    await userEvent.type(await screen.findByLabelText('Name'), 'Colour');
    await act(() => router.navigate(-1));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue editing' }));
    expect(router.state.location.pathname).toBe('/tags/new');
    await act(() => router.navigate(-1));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard form changes' }));
    expect(await screen.findByText('tag list')).toBeTruthy();
  });
});

describe('a form dialog on the modal stack', () => {
  it('asks before its close loses the input, and closes at once when it is clean', async () => {
    render(
      <MantineProvider>
        <ModalHost />
      </MantineProvider>,
    );
    const guard = guardedDialogScope();
    let id = '';
    act(() => {
      id = modals.open({
        kind: 'dialog',
        title: 'New contact',
        canClose: guard.canClose,
        render: () => (
          <UnsavedScope scope={guard.scope} isRoute={false}>
            <NameForm />
          </UnsavedScope>
        ),
      });
    });
    await userEvent.type(await screen.findByLabelText('Name'), 'Ada');
    let closing: Promise<boolean> = Promise.resolve(true);
    act(() => {
      closing = modals.close(id);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue editing' }));
    await expect(closing).resolves.toBe(false);
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Ada');

    act(() => {
      closing = modals.close(id);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Discard form changes' }));
    await expect(closing).resolves.toBe(true);
    expect(modals.getSnapshot()).toHaveLength(0);
  });
});
