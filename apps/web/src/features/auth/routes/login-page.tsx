import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Checkbox, Divider, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconFingerprint, IconLogin } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { useAuthProviders } from '../api/get-auth-providers.ts';
import { authCall, authClient, authErrorDescription, authFetch, isAuthRequestError } from '../auth-client.ts';
import { type TSignInForm, ZSignInForm } from '../auth-forms.ts';
import { AUTH_MESSAGES, BIOMETRIC_MESSAGES } from '../auth-messages.ts';
import type { TSavedSignIn } from '../biometric/biometric-types.ts';
import { useBiometricSignIn } from '../biometric/use-biometric-sign-in.ts';
import { completeSignIn, isTwoFactorRedirect } from '../complete-sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { markCodeSent } from '../components/use-resend-countdown.ts';
import { PasskeySignIn } from '../passkey-sign-in.ts';

function isPasskeyCancelled(error: unknown): boolean {
  // The browser dialog was dismissed or the biometric check failed: simply "not signed in" (seed §1).
  return isAuthRequestError(error) && error.status === 400;
}

export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const providers = useAuthProviders();
  const [isPasskeyPending, setIsPasskeyPending] = useState(false);
  const [isOidcPending, setIsOidcPending] = useState(false);
  const [isBiometricPending, setIsBiometricPending] = useState(false);
  const biometric = useBiometricSignIn();
  const form = useForm<TSignInForm>({
    resolver: zodResolver(ZSignInForm),
    defaultValues: { email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  // Errors stay until closed; once signed in, the failed attempts before are no longer news.
  const errorToastIds = useRef<string[]>([]);

  function showError(message: string, description?: string) {
    errorToastIds.current.push(notifications.error(message, { description }));
  }

  async function finish() {
    for (const id of errorToastIds.current.splice(0)) notifications.remove(id);
    navigate(await completeSignIn(queryClient), { replace: true });
  }

  // Passkeys offered in the e-mail field's autofill where the browser supports it: when the page opens, and
  // again after the passkey button's ceremony ended without a sign-in (it aborted the offer).
  const [passkeys] = useState(() => new PasskeySignIn());
  const visit = useRef<{ isActive: boolean } | null>(null);
  function offerPasskeysInAutofill() {
    const current = visit.current;
    if (!current) return;
    void (async () => {
      try {
        if ((await passkeys.offerInAutofill(() => current.isActive)) && current.isActive) await finish();
      } catch {
        // Aborted by the passkey button or dismissed: nothing to report.
      }
    })();
  }
  // biome-ignore lint/correctness/useExhaustiveDependencies: the offer only reads the router and query client.
  useEffect(() => {
    const current = { isActive: true };
    visit.current = current;
    offerPasskeysInAutofill();
    return () => {
      current.isActive = false;
    };
  }, []);

  /** The password step; the second factor, when the account has one, follows on its own page. */
  async function signInWithPassword(signIn: TSavedSignIn, onAccepted?: () => Promise<void>): Promise<void> {
    const data = await authCall(authClient.signIn.email(signIn));
    await onAccepted?.();
    if (isTwoFactorRedirect(data)) {
      navigate('/signin-confirmation');
      return;
    }
    await finish();
  }

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    try {
      await signInWithPassword({ email, password }, () => biometric.afterPasswordSignIn({ email, password }));
    } catch (error) {
      if (isAuthRequestError(error) && error.code === 'INVALID_EMAIL_OR_PASSWORD') {
        showError(AUTH_MESSAGES.incorrectCredentials, AUTH_MESSAGES.incorrectCredentialsDescription);
        return;
      }
      if (isAuthRequestError(error) && error.code === 'EMAIL_NOT_VERIFIED') {
        // The right password for an unconfirmed address: send a fresh code and finish the sign-up.
        await authClient.emailOtp.sendVerificationOtp({ email, type: 'email-verification' });
        markCodeSent('sign-up', email);
        navigate(`/sign-up-confirmation?username=${encodeURIComponent(email)}`);
        return;
      }
      showError(AUTH_MESSAGES.signInError, authErrorDescription(error));
    }
  });

  async function signInWithPasskey() {
    setIsPasskeyPending(true);
    try {
      await passkeys.signInWithButton();
      await finish();
    } catch (error) {
      if (!isPasskeyCancelled(error)) {
        showError(AUTH_MESSAGES.signInError, authErrorDescription(error));
      }
      offerPasskeysInAutofill();
    } finally {
      setIsPasskeyPending(false);
    }
  }

  async function signInWithBiometrics() {
    setIsBiometricPending(true);
    try {
      // A failed or cancelled check is simply "not signed in": the password form is right there.
      const saved = await biometric.readSavedSignIn();
      if (!saved) return;
      await signInWithPassword(saved);
    } catch (error) {
      if (isAuthRequestError(error) && error.code === 'INVALID_EMAIL_OR_PASSWORD') {
        await biometric.forgetSavedSignIn();
        showError(BIOMETRIC_MESSAGES.savedSignInRefused, BIOMETRIC_MESSAGES.savedSignInRefusedDescription);
        return;
      }
      showError(AUTH_MESSAGES.signInError, authErrorDescription(error));
    } finally {
      setIsBiometricPending(false);
    }
  }

  async function signInWithOidc(providerId: string) {
    setIsOidcPending(true);
    try {
      const data = await authFetch<{ url: string }>('/sign-in/social', {
        method: 'POST',
        body: { provider: providerId, callbackURL: '/dashboards', errorCallbackURL: '/login' },
      });
      window.location.assign(data.url);
    } catch (error) {
      showError(AUTH_MESSAGES.signInError, authErrorDescription(error));
      setIsOidcPending(false);
    }
  }

  const oidc = providers.data?.oidc ?? null;

  return (
    <AuthCard
      title="Sign in"
      subtitle={
        <>
          No account yet?{' '}
          <Anchor component={Link} to="/sign-up" size="sm">
            Create account
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate method="post" action="/login">
        <Stack>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username webauthn"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
          {biometric.device.isAvailable && (
            <Checkbox
              label={BIOMETRIC_MESSAGES.rememberLabel}
              checked={biometric.remember}
              onChange={(event) => biometric.setRemember(event.currentTarget.checked)}
            />
          )}
          <Anchor component={Link} to="/forgot" size="sm">
            Forgot password?
          </Anchor>
          <Button type="submit" fullWidth loading={isSubmitting} leftSection={<IconLogin size={18} />}>
            Sign in
          </Button>
        </Stack>
      </form>
      <Divider label="or" labelPosition="center" my="md" />
      <Stack gap="sm">
        {biometric.device.hasSavedSignIn && (
          <Button
            fullWidth
            loading={isBiometricPending}
            leftSection={<IconFingerprint size={18} />}
            onClick={() => void signInWithBiometrics()}
          >
            {BIOMETRIC_MESSAGES.signInButton}
          </Button>
        )}
        <Button
          variant="default"
          fullWidth
          loading={isPasskeyPending}
          leftSection={<IconFingerprint size={18} />}
          onClick={() => void signInWithPasskey()}
        >
          Sign in with a passkey
        </Button>
        {oidc && (
          <Button
            variant="default"
            fullWidth
            loading={isOidcPending}
            onClick={() => void signInWithOidc(oidc.id)}
          >
            Sign in with {oidc.name}
          </Button>
        )}
        <Text size="xs" c="dimmed" ta="center">
          A passkey uses your device's fingerprint, face or screen lock.
        </Text>
      </Stack>
    </AuthCard>
  );
}
