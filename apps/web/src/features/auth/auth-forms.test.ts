import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ZChangePasswordForm,
  ZCodeForm,
  ZForgotPasswordForm,
  ZResetPasswordForm,
  ZSignInForm,
  ZSignUpForm,
} from './auth-forms.ts';

function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('sign-in form', () => {
  it('needs an e-mail address and a password', () => {
    expect(messages(ZSignInForm, { email: 'nope', password: '' })).toEqual({
      email: 'Enter a valid e-mail address',
      password: 'Enter your password',
    });
    expect(messages(ZSignInForm, { email: ' ada@example.com ', password: 'x' })).toEqual({});
  });

  it('trims the e-mail address', () => {
    expect(ZSignInForm.parse({ email: ' ada@example.com ', password: 'x' }).email).toBe('ada@example.com');
  });
});

describe('sign-up form', () => {
  it('asks for a name and a password of 8 to 128 characters', () => {
    expect(messages(ZSignUpForm, { name: ' ', email: 'ada@example.com', password: 'short' })).toEqual({
      name: 'Enter your name',
      password: 'Use at least 8 characters',
    });
    expect(
      messages(ZSignUpForm, { name: 'Ada', email: 'ada@example.com', password: 'x'.repeat(129) }),
    ).toEqual({
      password: 'Use at most 128 characters',
    });
    expect(messages(ZSignUpForm, { name: 'Ada', email: 'ada@example.com', password: 'x'.repeat(8) })).toEqual(
      {},
    );
  });
});

describe('code form', () => {
  it('accepts exactly six digits', () => {
    expect(messages(ZCodeForm, { code: '12345' })).toEqual({ code: 'Enter the 6-digit code' });
    expect(messages(ZCodeForm, { code: '12345a' })).toEqual({ code: 'Enter the 6-digit code' });
    expect(messages(ZCodeForm, { code: '1234567' })).toEqual({ code: 'Enter the 6-digit code' });
    expect(messages(ZCodeForm, { code: ' 123456 ' })).toEqual({});
  });
});

describe('password reset forms', () => {
  it('needs an e-mail address to send the code to', () => {
    expect(messages(ZForgotPasswordForm, { email: '' })).toEqual({ email: 'Enter a valid e-mail address' });
  });

  it('needs the code and the same new password twice', () => {
    const valid = {
      email: 'ada@example.com',
      code: '123456',
      password: 'new password',
      confirmPassword: 'new password',
    };
    expect(messages(ZResetPasswordForm, valid)).toEqual({});
    expect(messages(ZResetPasswordForm, { ...valid, confirmPassword: 'other password' })).toEqual({
      confirmPassword: 'The passwords do not match',
    });
  });
});

describe('change password form', () => {
  const valid = {
    currentPassword: 'old password',
    newPassword: 'new password',
    confirmPassword: 'new password',
  };

  it('accepts a new, repeated password', () => {
    expect(messages(ZChangePasswordForm, valid)).toEqual({});
  });

  it('refuses a mismatch, a reuse of the current password and a short one', () => {
    expect(messages(ZChangePasswordForm, { ...valid, confirmPassword: 'new passw0rd' })).toEqual({
      confirmPassword: 'The passwords do not match',
    });
    expect(
      messages(ZChangePasswordForm, {
        ...valid,
        newPassword: 'old password',
        confirmPassword: 'old password',
      }),
    ).toEqual({ newPassword: 'Choose a password different from the current one' });
    expect(
      messages(ZChangePasswordForm, { ...valid, newPassword: 'short', confirmPassword: 'short' }),
    ).toHaveProperty('newPassword', 'Use at least 8 characters');
  });
});
