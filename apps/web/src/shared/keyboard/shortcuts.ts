export type TShortcutAction = 'close-top-modal' | 'open-search' | 'open-asset-tree' | 'toggle-navbar';

export type TShortcutHandlers = Partial<Record<TShortcutAction, () => void>>;

type TKeyInfo = Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey' | 'target'>;

const EDITABLE_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** Typing in a field must never trigger a shortcut (seed §2). */
export function isEditableTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== 'string') return false;
  const element = target as HTMLElement;
  if (EDITABLE_TAGS.has(element.tagName)) return true;
  if (element.isContentEditable) return true;
  const editable = element.closest?.('[contenteditable]');
  return !!editable && editable.getAttribute('contenteditable') !== 'false';
}

/** Which action a key press means, or null. */
export function matchShortcut(event: TKeyInfo): TShortcutAction | null {
  if (isEditableTarget(event.target)) return null;
  const key = event.key;
  if (key === 'Escape') return 'close-top-modal';
  if ((event.metaKey || event.ctrlKey) && !event.altKey && key.toLowerCase() === 'k') return 'open-search';
  if (event.metaKey || event.ctrlKey || event.altKey) return null;
  if (key === '/') return 'open-asset-tree';
  if (!event.shiftKey && key.toLowerCase() === 'q') return 'toggle-navbar';
  return null;
}
