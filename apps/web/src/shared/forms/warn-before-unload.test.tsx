import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useWarnBeforeUnload } from './use-unsaved-changes-guard.ts';

function unload(): Event {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event;
}

describe('useWarnBeforeUnload', () => {
  it('makes the browser ask before a reload or close only while the form is dirty, and stops on unmount', () => {
    let isDirty = false;
    const { unmount } = renderHook(() => useWarnBeforeUnload(() => isDirty));
    expect(unload().defaultPrevented).toBe(false);
    isDirty = true;
    expect(unload().defaultPrevented).toBe(true);
    unmount();
    expect(unload().defaultPrevented).toBe(false);
  });
});
