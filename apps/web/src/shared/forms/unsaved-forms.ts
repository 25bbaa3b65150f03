import { isLeavingArea } from './unsaved-changes.ts';

/**
 * One mounted form that may hold unsaved input. `scope` names where it lives: a route form's path (its
 * tabs below it keep it, e.g. `/assets/12` for `/assets/12/prices`), or a token of a dialog on the modal
 * stack, which navigation does not unmount (`isRoute` false: only reload and tab close lose it).
 */
export interface TUnsavedForm {
  scope: string;
  isRoute: boolean;
  /** Only `scope` itself keeps the form (a form on one tab of an item: the other tabs unmount it). */
  isExact?: boolean;
  isDirty: () => boolean;
  /** Called once the user chose 'Discard form changes': from then on the form counts as clean. */
  discard: () => void;
}

export interface TUnsavedForms {
  register(form: TUnsavedForm): () => void;
  /** Dirty route forms that going to `nextPathname` would unmount. */
  lostBy(nextPathname: string): TUnsavedForm[];
  /** Dirty forms of one scope (a dialog asking before its X or Escape closes it). */
  dirtyIn(scope: string): TUnsavedForm[];
  /** Anything a reload or tab close would lose. */
  isAnyDirty(): boolean;
}

/**
 * The app's forms register here, so one navigation blocker and one `beforeunload` listener guard all of
 * them (React Router supports a single active blocker; one per form would fight).
 */
export function createUnsavedForms(): TUnsavedForms {
  const forms = new Set<TUnsavedForm>();
  const dirty = () => [...forms].filter((form) => form.isDirty());
  return {
    register(form) {
      forms.add(form);
      return () => forms.delete(form);
    },
    lostBy: (nextPathname) =>
      dirty().filter(
        (form) =>
          form.isRoute &&
          (form.isExact ? nextPathname !== form.scope : isLeavingArea(form.scope, nextPathname)),
      ),
    dirtyIn: (scope) => dirty().filter((form) => form.scope === scope),
    isAnyDirty: () => dirty().length > 0,
  };
}

export const unsavedForms = createUnsavedForms();
