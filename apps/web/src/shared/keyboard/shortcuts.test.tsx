import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isEditableTarget, matchShortcut } from './shortcuts.ts';
import { useGlobalShortcuts } from './use-global-shortcuts.ts';

const body = document.body;
const key = (k: string, extra: Partial<KeyboardEvent> = {}) => ({
  key: k,
  metaKey: false,
  ctrlKey: false,
  altKey: false,
  shiftKey: false,
  target: body,
  ...extra,
});

describe('matchShortcut', () => {
  it.each([
    [key('Escape'), 'close-top-modal'],
    [key('k', { metaKey: true }), 'open-search'],
    [key('K', { ctrlKey: true }), 'open-search'],
    [key('/'), 'open-asset-tree'],
    [key('q'), 'toggle-navbar'],
    [key('Q'), 'toggle-navbar'],
    [key('k'), null],
    [key('q', { ctrlKey: true }), null],
    [key('/', { altKey: true }), null],
    [key('a'), null],
  ])('%o → %s', (event, expected) => {
    expect(matchShortcut(event)).toBe(expected);
  });

  it('ignores keys typed into inputs, textareas, selects and contenteditable', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const select = document.createElement('select');
    const editable = document.createElement('div');
    editable.setAttribute('contenteditable', 'true');
    const inner = document.createElement('span');
    editable.appendChild(inner);
    for (const target of [input, textarea, select, inner]) {
      expect(isEditableTarget(target)).toBe(true);
      expect(matchShortcut(key('Escape', { target }))).toBeNull();
      expect(matchShortcut(key('k', { metaKey: true, target }))).toBeNull();
      expect(matchShortcut(key('q', { target }))).toBeNull();
    }
    expect(isEditableTarget(document.createElement('button'))).toBe(false);
  });
});

function Harness(props: { onSearch: () => void; onToggle: () => void }) {
  useGlobalShortcuts({ 'open-search': props.onSearch, 'toggle-navbar': props.onToggle });
  return <input aria-label="field" />;
}

describe('useGlobalShortcuts', () => {
  it('runs handlers for document key presses and prevents the browser default', () => {
    const onSearch = vi.fn();
    const onToggle = vi.fn();
    render(<Harness onSearch={onSearch} onToggle={onToggle} />);
    const event = new KeyboardEvent('keydown', { key: 'k', ctrlKey: true, bubbles: true, cancelable: true });
    document.body.dispatchEvent(event);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    fireEvent.keyDown(document.body, { key: 'q' });
    expect(onToggle).toHaveBeenCalledTimes(1);
  });

  it('does nothing while typing in a field', () => {
    const onToggle = vi.fn();
    const { getByLabelText } = render(<Harness onSearch={() => {}} onToggle={onToggle} />);
    fireEvent.keyDown(getByLabelText('field'), { key: 'q' });
    expect(onToggle).not.toHaveBeenCalled();
  });
});
