import { z } from 'zod';

/** Same bounds as the server (better-auth's minPasswordLength / maxPasswordLength). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const CODE_LENGTH = 6;

const email = z
  .string()
  .trim()
  .pipe(z.email({ error: 'Enter a valid e-mail address' }));
const newPassword = z
  .string()
  .min(PASSWORD_MIN_LENGTH, { error: `Use at least ${PASSWORD_MIN_LENGTH} characters` })
  .max(PASSWORD_MAX_LENGTH, { error: `Use at most ${PASSWORD_MAX_LENGTH} characters` });
const code = z
  .string()
  .trim()
  .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), { error: `Enter the ${CODE_LENGTH}-digit code` });
const requiredPassword = z.string().min(1, { error: 'Enter your password' });

export const ZSignInForm = z.object({ email, password: requiredPassword });
export type TSignInForm = z.infer<typeof ZSignInForm>;

export const ZSignUpForm = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Enter your name' })
    .max(255, { error: 'Use at most 255 characters' }),
  email,
  password: newPassword,
});
export type TSignUpForm = z.infer<typeof ZSignUpForm>;

export const ZCodeForm = z.object({ code });
export type TCodeForm = z.infer<typeof ZCodeForm>;

export const ZForgotPasswordForm = z.object({ email });
export type TForgotPasswordForm = z.infer<typeof ZForgotPasswordForm>;

export const ZResetPasswordForm = z
  .object({ email, code, password: newPassword, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    error: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type TResetPasswordForm = z.infer<typeof ZResetPasswordForm>;

export const ZChangePasswordForm = z
  .object({ currentPassword: requiredPassword, newPassword, confirmPassword: z.string() })
  .refine((form) => form.newPassword === form.confirmPassword, {
    error: 'The passwords do not match',
    path: ['confirmPassword'],
  })
  .refine((form) => form.newPassword !== form.currentPassword, {
    error: 'Choose a password different from the current one',
    path: ['newPassword'],
  });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;

export const ZPasswordConfirmationForm = z.object({ password: requiredPassword });
export type TPasswordConfirmationForm = z.infer<typeof ZPasswordConfirmationForm>;
