/** Seed §8 authentication toasts, word for word. */
export const AUTH_MESSAGES = {
  signUpError: 'Sign up error',
  signUpConfirmError: 'Sign up confirm error',
  signUpResendError: 'Error during sign up code resend',
  incorrectCredentials: 'Incorrect password or email',
  incorrectCredentialsDescription: 'Please retype your e-mail and password and try again.',
  signInConfirmError: 'Signin confirm error',
  signInError: 'Signin error',
  passwordResetError: 'Password reset error',
  passwordChanged: 'Password successfully changed',
  passwordChangeError: 'Error during password change',
  twoFactorEnabled: 'You have successfully enabled Two-Factor Authentication',
  twoFactorInstallError: 'Error during installation of two-factor authentication',
  twoFactorCodeError: 'Error setting verification code. Please try again',
  twoFactorDisabled: 'You disabled Two-Factor Authentication',
  twoFactorDisableError: 'Error during deactivation of two-factor authentication',
} as const;

/** Ours (the seed's identity provider had no such screens). */
export const PASSWORD_RESET_DONE = 'Your password has been reset. Sign in with the new password';

/** Ours: the seed names biometric login and saved credentials but no wording for them. */
export const BIOMETRIC_MESSAGES = {
  signInButton: 'Sign in with fingerprint or face',
  rememberLabel: 'Use fingerprint or face to sign in next time',
  signInReason: 'Sign in to Strata',
  saveReason: 'Confirm to sign in with fingerprint or face next time',
  savedSignInRefused: 'Your saved sign-in no longer works',
  savedSignInRefusedDescription: 'Sign in with your e-mail and password; you can save the new sign-in again.',
} as const;
