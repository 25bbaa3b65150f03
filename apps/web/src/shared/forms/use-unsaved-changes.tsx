import { createContext, type ReactNode, useContext, useEffect, useRef } from 'react';
import { modals, type TModalStore } from '../modals/modal-store.ts';
import { confirmUnsavedChanges } from './confirm-unsaved-changes.tsx';
import { type TUnsavedForms, unsavedForms } from './unsaved-forms.ts';

interface TUnsavedScope {
  scope: string;
  isRoute: boolean;
}

const UnsavedScopeContext = createContext<TUnsavedScope | null>(null);

/** Tells the forms inside where they live (an item dialog's route, a dialog on the modal stack). */
export function UnsavedScope({ scope, isRoute, children }: TUnsavedScope & { children: ReactNode }) {
  return <UnsavedScopeContext.Provider value={{ scope, isRoute }}>{children}</UnsavedScopeContext.Provider>;
}

export interface TUseUnsavedChangesOptions {
  /** Overrides the surrounding `UnsavedScope`; a route form's path. */
  scope?: string;
  /** Only that path keeps the form, not the paths below it. */
  isExact?: boolean;
  registry?: TUnsavedForms;
}

/**
 * Registers a form with the app's unsaved-changes guard while it is mounted. `isDirty` may be a function
 * for a form whose state lives in a ref. Returns `markClean`, for a save or discard that navigates in the
 * same tick (before the next render would report the form clean). Outside any scope the form is not
 * guarded.
 */
export function useUnsavedChanges(
  isDirty: boolean | (() => boolean),
  { scope: explicitScope, isExact = false, registry = unsavedForms }: TUseUnsavedChangesOptions = {},
): { markClean: () => void } {
  const context = useContext(UnsavedScopeContext);
  const scope = explicitScope ?? context?.scope;
  const isRoute = explicitScope !== undefined ? true : (context?.isRoute ?? false);
  const latest = useRef(isDirty);
  latest.current = isDirty;
  const isDiscarded = useRef(false);
  const evaluate = () => (typeof latest.current === 'function' ? latest.current() : latest.current);
  // A form that rendered clean after a discard starts counting again with the next input.
  if (!evaluate()) isDiscarded.current = false;
  useEffect(() => {
    if (scope === undefined) return;
    return registry.register({
      scope,
      isRoute,
      isExact,
      isDirty: () =>
        !isDiscarded.current && (typeof latest.current === 'function' ? latest.current() : latest.current),
      discard: () => {
        isDiscarded.current = true;
      },
    });
  }, [scope, isRoute, isExact, registry]);
  return {
    markClean: () => {
      isDiscarded.current = true;
    },
  };
}

/**
 * For a dialog's X, Escape or `canClose`: true at once when nothing in `scope` is dirty, else asks and
 * answers whether the user chose 'Discard form changes' (the forms then count as clean).
 */
export async function askBeforeLosing(
  scope: string,
  registry: TUnsavedForms = unsavedForms,
  store: TModalStore = modals,
): Promise<boolean> {
  if (registry.dirtyIn(scope).length === 0) return true;
  const choice = await confirmUnsavedChanges(store);
  if (choice === 'continue') return false;
  for (const form of registry.dirtyIn(scope)) form.discard();
  return true;
}

let dialogSequence = 0;

/** A scope token and `canClose` for a form opened as a dialog on the modal stack. */
export function guardedDialogScope(): { scope: string; canClose: () => Promise<boolean> } {
  dialogSequence += 1;
  const scope = `dialog:${dialogSequence}`;
  return { scope, canClose: () => askBeforeLosing(scope) };
}
