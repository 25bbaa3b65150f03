import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ModalHost } from '../modals/modal-host.tsx';
import { createModalStore, type TModalStore } from '../modals/modal-store.ts';
import { confirmUnsavedChanges } from './confirm-unsaved-changes.tsx';
import {
  hasUnsavedChanges,
  isLeavingArea,
  type TFormEntityState,
  UNSAVED_CHANGES_QUESTION,
} from './unsaved-changes.ts';
import { useNavigationGuard, useUnsavedChangesGuard } from './use-unsaved-changes-guard.ts';

describe('unsaved-changes rules', () => {
  it.each([
    ['new', true],
    ['changed', true],
    ['saved', false],
  ] as const)('a %s form has unsaved changes: %s', (state, expected) => {
    expect(hasUnsavedChanges(state)).toBe(expected);
  });

  it('treats moves inside the area as staying', () => {
    expect(isLeavingArea('/assets', '/assets/12/prices')).toBe(false);
    expect(isLeavingArea('/assets', '/assets')).toBe(false);
    expect(isLeavingArea('/assets', '/assets-archive')).toBe(true);
    expect(isLeavingArea('/assets', '/tags')).toBe(true);
  });
});

describe('confirmUnsavedChanges', () => {
  it('resolves discard or continue from the two buttons', async () => {
    const store = createModalStore();
    renderWithProviders(<ModalHost store={store} />);
    let first: Promise<string> = Promise.resolve('');
    act(() => {
      first = confirmUnsavedChanges(store);
    });
    expect(await screen.findByText(UNSAVED_CHANGES_QUESTION)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Discard form changes' }));
    await expect(first).resolves.toBe('discard');

    let second: Promise<string> = Promise.resolve('');
    act(() => {
      second = confirmUnsavedChanges(store);
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue editing' }));
    await expect(second).resolves.toBe('continue');
    expect(store.getSnapshot()).toHaveLength(0);
  });
});

function FormHarness({ store, initial }: { store: TModalStore; initial: TFormEntityState }) {
  const [state, setState] = useState<TFormEntityState>(initial);
  const [discards, setDiscards] = useState(0);
  const canClose = useUnsavedChangesGuard({ state, store, onDiscard: () => setDiscards((n) => n + 1) });
  return (
    <>
      <span data-testid="discards">{discards}</span>
      <button type="button" onClick={() => setState('changed')}>
        edit
      </button>
      <button
        type="button"
        onClick={() =>
          store.open({
            id: 'form',
            kind: 'slidepanel',
            title: 'Tag',
            canClose,
            render: () => <p>tag form</p>,
          })
        }
      >
        open
      </button>
      <ModalHost store={store} />
    </>
  );
}

describe('useUnsavedChangesGuard', () => {
  it('closes a saved form without asking', async () => {
    const store = createModalStore();
    renderWithProviders(<FormHarness store={store} initial="saved" />);
    await userEvent.click(screen.getByText('open'));
    await act(() => store.close('form'));
    expect(store.getSnapshot()).toHaveLength(0);
    expect(screen.queryByText(UNSAVED_CHANGES_QUESTION)).toBeNull();
  });

  it('keeps a changed form on Continue editing and discards it on Discard form changes', async () => {
    const store = createModalStore();
    renderWithProviders(<FormHarness store={store} initial="saved" />);
    await userEvent.click(screen.getByText('edit'));
    await userEvent.click(screen.getByText('open'));

    let closing: Promise<boolean> = Promise.resolve(false);
    act(() => {
      closing = store.close('form');
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Continue editing' }));
    await expect(closing).resolves.toBe(false);
    expect(store.getSnapshot().map((m) => m.id)).toEqual(['form']);

    act(() => {
      closing = store.close('form');
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Discard form changes' }));
    await expect(closing).resolves.toBe(true);
    expect(store.getSnapshot()).toHaveLength(0);
    expect(screen.getByTestId('discards').textContent).toBe('1');
  });
});

function AreaPage({ store }: { store: TModalStore }) {
  const [isDirty, setDirty] = useState(false);
  useNavigationGuard({ area: '/assets', isDirty, store });
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        dirty
      </button>
      <Link to="/assets/2">other asset</Link>
      <Link to="/tags">tags</Link>
    </>
  );
}

function renderArea(store: TModalStore) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost store={store} />
          </>
        ),
        children: [
          { path: '/assets/:id', element: <AreaPage store={store} /> },
          { path: '/tags', element: <p>tags page</p> },
        ],
      },
    ],
    { initialEntries: ['/assets/1'] },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return router;
}

describe('useNavigationGuard', () => {
  it('lets a clean form leave the area', async () => {
    const router = renderArea(createModalStore());
    await userEvent.click(screen.getByText('tags'));
    expect(router.state.location.pathname).toBe('/tags');
  });

  it('does not block moves inside the area', async () => {
    const router = renderArea(createModalStore());
    await userEvent.click(screen.getByText('dirty'));
    await userEvent.click(screen.getByText('other asset'));
    expect(router.state.location.pathname).toBe('/assets/2');
  });

  it('blocks leaving with changes until the user discards them', async () => {
    const router = renderArea(createModalStore());
    await userEvent.click(screen.getByText('dirty'));
    await userEvent.click(screen.getByText('tags'));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue editing' }));
    expect(router.state.location.pathname).toBe('/assets/1');

    await userEvent.click(screen.getByText('tags'));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard form changes' }));
    expect(await screen.findByText('tags page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tags');
  });
});
