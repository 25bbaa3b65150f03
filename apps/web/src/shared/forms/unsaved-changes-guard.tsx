import { useCallback, useEffect, useRef } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { modals, type TModalStore } from '../modals/modal-store.ts';
import { confirmUnsavedChanges } from './confirm-unsaved-changes.tsx';
import { type TUnsavedForms, unsavedForms } from './unsaved-forms.ts';
import { useWarnBeforeUnload } from './use-unsaved-changes-guard.ts';

/**
 * Mounted once inside the router: any navigation (a link, `navigate`, the browser's Back and Forward)
 * that would unmount a form with unsaved input asks 'Continue editing' / 'Discard form changes' first,
 * and reloading or closing the tab makes the browser warn (seed §2, §9).
 */
export function UnsavedChangesGuard({
  registry = unsavedForms,
  store = modals,
}: {
  registry?: TUnsavedForms;
  store?: TModalStore;
}) {
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && registry.lostBy(nextLocation.pathname).length > 0,
    [registry],
  );
  const blocker = useBlocker(shouldBlock);
  useWarnBeforeUnload(() => registry.isAnyDirty());
  const blockerRef = useRef(blocker);
  blockerRef.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const nextPathname = blocker.location.pathname;
    void confirmUnsavedChanges(store).then((choice) => {
      const current = blockerRef.current;
      if (current.state !== 'blocked') return;
      if (choice === 'discard') {
        for (const form of registry.lostBy(nextPathname)) form.discard();
        current.proceed();
      } else {
        current.reset();
      }
    });
  }, [blocker.state, blocker.location?.pathname, registry, store]);
  return null;
}
