import { describe, expect, it } from 'vitest';
import { mapError } from '../plugins/errors.ts';
import { assertSafeKey, isSafeKey, UnsafeKeyError } from './storage-key.ts';

describe('storage keys', () => {
  it('accepts relative paths of plain segments', () => {
    for (const key of ['a', 'uploads/repository/0b7e.json', 'users/u_1/file-2.v1.csv']) {
      expect(isSafeKey(key)).toBe(true);
    }
  });

  it('refuses keys that could leave the store folder or confuse a file system', () => {
    const unsafe = [
      '',
      '../secret',
      'uploads/../../etc/passwd',
      '/etc/passwd',
      'uploads//a.json',
      'uploads/./a.json',
      'uploads/a.json/',
      '..',
      'C:\\Windows\\win.ini',
      'uploads\\..\\a',
      'uploads/.hidden',
      'uploads/a\u0000.json',
      'uploads/a b.json',
      'a'.repeat(513),
    ];
    for (const key of unsafe) expect(isSafeKey(key), key).toBe(false);
    expect(() => assertSafeKey('../x')).toThrow(UnsafeKeyError);
  });

  it('refuses as a bad request, so every route answers 400 rather than 500', () => {
    expect(mapError(new UnsafeKeyError('/etc/passwd'))).toEqual({
      status: 400,
      body: { code: 'BAD_REQUEST', message: 'Invalid file key: "/etc/passwd"' },
    });
  });
});
