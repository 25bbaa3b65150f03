import { describe, expect, it } from 'vitest';
import { isPasswordTooWeak } from './password-strength.ts';

describe('isPasswordTooWeak', () => {
  it.each([
    'password1',
    'qwerty123',
    'iloveyou',
    '12345678',
    'letmein1',
    'P@ssw0rd',
    'Password123!',
    'trustno1!',
    'sunshine2024',
    'Summer2024!',
    'abcdefgh1',
  ])('refuses the common or patterned %s', (password) => {
    expect(isPasswordTooWeak(password)).toBe(true);
  });

  it.each([
    'correct-horse-1',
    'correct horse battery',
    'brand-new-password-9',
    'changed-password-3',
    'demo-password-1',
    'strata-demo',
  ])('accepts %s, a password the tests, e2e journeys and demo use', (password) => {
    expect(isPasswordTooWeak(password)).toBe(false);
  });

  it("counts the account's e-mail and name as words a guesser knows", () => {
    expect(isPasswordTooWeak('kvothearliden', [])).toBe(false);
    expect(isPasswordTooWeak('kvothearliden', ['kvothe.arliden@example.com', 'Kvothe Arliden'])).toBe(true);
  });
});
