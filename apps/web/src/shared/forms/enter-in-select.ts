import type { KeyboardEvent } from 'react';

/**
 * A form's onKeyDown: Enter in a select (a Mantine Select or Combobox input) picks an option or does nothing,
 * and never submits the form. The select's own handler has run by now (the event bubbles from it), so an
 * open list still takes the hovered option; only the browser's implicit submission is cancelled.
 */
export function keepEnterInSelects(event: KeyboardEvent<HTMLFormElement>): void {
  if (event.key !== 'Enter' || !(event.target instanceof HTMLElement)) return;
  const popup = event.target.getAttribute('aria-haspopup');
  if (popup === 'listbox' || event.target.getAttribute('role') === 'combobox') event.preventDefault();
}
