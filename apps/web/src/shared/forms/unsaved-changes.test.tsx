import { MantineProvider } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, useParams } from 'react-router';
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
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';
import { createUnsavedForms, type TUnsavedForms } from './unsaved-forms.ts';
import { useUnsavedChanges } from './use-unsaved-changes.tsx';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard.ts';

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

function renderArea(store: TModalStore, initialEntries = ['/assets/1']) {
  const registry = createUnsavedForms();
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <ModalHost store={store} />
            <UnsavedChangesGuard registry={registry} store={store} />
          </>
        ),
        children: [
          { path: '/assets', element: <p>asset list page</p> },
          { path: '/assets/:id', element: <AssetPageIn registry={registry} /> },
          { path: '/assets/:id/prices', element: <AssetPageIn registry={registry} /> },
          { path: '/tags', element: <p>tags page</p> },
        ],
      },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  return { router, registry };
}

function AssetPageIn({ registry }: { registry: TUnsavedForms }) {
  const [isDirty, setDirty] = useState(false);
  const { id } = useParams();
  useUnsavedChanges(isDirty, { scope: `/assets/${id}`, registry });
  return (
    <>
      <button type="button" onClick={() => setDirty(true)}>
        dirty
      </button>
      <Link to={`/assets/${id}/prices`}>prices tab</Link>
      <Link to="/assets">asset list</Link>
      <Link to="/tags">tags</Link>
    </>
  );
}

describe('UnsavedChangesGuard', () => {
  it('lets a clean form leave', async () => {
    const { router } = renderArea(createModalStore());
    await userEvent.click(screen.getByText('asset list'));
    expect(router.state.location.pathname).toBe('/assets');
  });

  it("does not block moves between the item's tabs", async () => {
    const { router } = renderArea(createModalStore());
    await userEvent.click(screen.getByText('dirty'));
    await userEvent.click(screen.getByText('prices tab'));
    expect(router.state.location.pathname).toBe('/assets/1/prices');
  });

  it('asks before the list route closes the form, and keeps it on Continue editing', async () => {
    const { router } = renderArea(createModalStore());
    await userEvent.click(screen.getByText('dirty'));
    await userEvent.click(screen.getByText('asset list'));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue editing' }));
    expect(router.state.location.pathname).toBe('/assets/1');

    await userEvent.click(screen.getByText('tags'));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard form changes' }));
    expect(await screen.findByText('tags page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/tags');
  });

  it('asks on the browser Back (a history POP) too', async () => {
    const { router } = renderArea(createModalStore(), ['/assets', '/assets/new']);
    await userEvent.click(screen.getByText('dirty'));
    await act(() => router.navigate(-1));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue editing' }));
    expect(router.state.location.pathname).toBe('/assets/new');

    await act(() => router.navigate(-1));
    await userEvent.click(await screen.findByRole('button', { name: 'Discard form changes' }));
    expect(await screen.findByText('asset list page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/assets');
  });
});

describe('unsaved forms registry', () => {
  const form = (scope: string, isRoute: boolean, dirty: boolean) => ({
    scope,
    isRoute,
    isDirty: () => dirty,
    discard: () => {},
  });

  it('names the dirty route forms a navigation would unmount', () => {
    const registry = createUnsavedForms();
    const asset = form('/assets/12', true, true);
    registry.register(asset);
    registry.register(form('/tags/3', true, false));
    registry.register(form('dialog:1', false, true));
    expect(registry.lostBy('/assets/12/prices')).toEqual([]);
    expect(registry.lostBy('/assets')).toEqual([asset]);
    expect(registry.lostBy('/tags/3')).toEqual([asset]);
    expect(registry.isAnyDirty()).toBe(true);
    expect(registry.dirtyIn('dialog:1')).toHaveLength(1);
    expect(registry.dirtyIn('/tags/3')).toHaveLength(0);
  });

  it('an exact form is kept only by its own path', () => {
    const registry = createUnsavedForms();
    const basicInfo = { ...form('/assets/12', true, true), isExact: true };
    registry.register(basicInfo);
    expect(registry.lostBy('/assets/12')).toEqual([]);
    expect(registry.lostBy('/assets/12/prices')).toEqual([basicInfo]);
    expect(registry.lostBy('/assets')).toEqual([basicInfo]);
  });

  it('forgets a form once it unregisters', () => {
    const registry = createUnsavedForms();
    const unregister = registry.register(form('/assets/12', true, true));
    unregister();
    expect(registry.lostBy('/tags')).toEqual([]);
    expect(registry.isAnyDirty()).toBe(false);
  });
});
