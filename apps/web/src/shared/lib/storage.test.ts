import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_STORAGE_KEY, clearStorageExceptColorScheme } from './storage.ts';

describe('clearStorageExceptColorScheme', () => {
  it('keeps only the colour scheme', () => {
    localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, 'dark');
    localStorage.setItem('grid-sort', '[]');
    sessionStorage.setItem('draft', '{}');
    clearStorageExceptColorScheme(localStorage, sessionStorage);
    expect(localStorage.length).toBe(1);
    expect(localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)).toBe('dark');
    expect(sessionStorage.length).toBe(0);
  });

  it('leaves no colour scheme when none was chosen', () => {
    localStorage.clear();
    localStorage.setItem('x', '1');
    clearStorageExceptColorScheme(localStorage, sessionStorage);
    expect(localStorage.length).toBe(0);
  });
});
