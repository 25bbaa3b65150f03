import type { TMail } from '../../mail/mailer.ts';

export type TOtpType = 'sign-in' | 'email-verification' | 'forget-password' | 'change-email';

const SUBJECTS: Record<TOtpType, string> = {
  'email-verification': 'Your Strata verification code',
  'forget-password': 'Your Strata password reset code',
  'sign-in': 'Your Strata sign-in code',
  'change-email': 'Your Strata e-mail change code',
};

const PURPOSES: Record<TOtpType, string> = {
  'email-verification': 'confirm your e-mail address',
  'forget-password': 'reset your password',
  'sign-in': 'sign in',
  'change-email': 'change your e-mail address',
};

/** The code mail; `otp` appears alone on its own line so people (and tests) can pick it out. */
export function otpMail(input: {
  email: string;
  otp: string;
  type: TOtpType;
  expiresInMinutes: number;
}): TMail {
  const purpose = PURPOSES[input.type];
  const text = [
    `Use this code to ${purpose}:`,
    '',
    input.otp,
    '',
    `It expires in ${input.expiresInMinutes} minutes and works once.`,
    'If you did not ask for it, ignore this e-mail.',
  ].join('\n');
  const html = `<p>Use this code to ${purpose}:</p><p style="font-size:24px;letter-spacing:4px"><strong>${input.otp}</strong></p><p>It expires in ${input.expiresInMinutes} minutes and works once. If you did not ask for it, ignore this e-mail.</p>`;
  return { to: input.email, subject: SUBJECTS[input.type], text, html };
}

/** The code in a mail written by `otpMail`. */
export function otpFromMailText(text: string): string | null {
  return /^(\d{6})$/m.exec(text)?.[1] ?? null;
}
