import { useEffect, useRef } from 'react';
import { matchShortcut, type TShortcutHandlers } from './shortcuts.ts';

/** Listens on the document; a handled key has its default prevented (e.g. the browser's Ctrl+K). */
export function useGlobalShortcuts(handlers: TShortcutHandlers, target: Document = document): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = matchShortcut(event);
      const handler = action ? latest.current[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    target.addEventListener('keydown', onKeyDown);
    return () => target.removeEventListener('keydown', onKeyDown);
  }, [target]);
}
