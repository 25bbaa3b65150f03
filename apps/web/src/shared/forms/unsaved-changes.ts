export const UNSAVED_CHANGES_TITLE = 'Unsaved changes';
export const UNSAVED_CHANGES_QUESTION =
  'Warning: You have unsaved changes in the form, do you want to continue editing?';
export const CONTINUE_EDITING_LABEL = 'Continue editing';
export const DISCARD_FORM_CHANGES_LABEL = 'Discard form changes';

/** Seed §4 form entity states; grids add deleted and invalid rows. */
export type TFormEntityState = 'new' | 'changed' | 'saved';

export type TUnsavedChangesChoice = 'continue' | 'discard';

/** Only a new or changed form has something to lose. */
export function hasUnsavedChanges(state: TFormEntityState): boolean {
  return state === 'new' || state === 'changed';
}

/** Seed: an area is the section whose forms share the guard; moving inside it loses nothing. */
export function isLeavingArea(area: string, nextPathname: string): boolean {
  const base = area.endsWith('/') ? area.slice(0, -1) : area;
  return !(nextPathname === base || nextPathname.startsWith(`${base}/`));
}
