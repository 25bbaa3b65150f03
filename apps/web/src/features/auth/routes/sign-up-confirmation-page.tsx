import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { useAttemptError } from '../../../shared/notifications/use-attempt-error.ts';
import { authCall, authClient, authErrorDescription } from '../auth-client.ts';
import { type TCodeForm, ZCodeForm } from '../auth-forms.ts';
import { AUTH_MESSAGES } from '../auth-messages.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeInput } from '../components/code-input.tsx';
import { useResendCountdown } from '../components/use-resend-countdown.ts';

export function Component() {
  const [params] = useSearchParams();
  const email = params.get('username')?.trim() ?? '';
  if (!email) {
    return (
      <AuthCard title="Confirm your e-mail">
        <Text size="sm">
          This link lacks the e-mail address to confirm.{' '}
          <Anchor component={Link} to="/sign-up">
            Create an account
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to="/login">
            sign in
          </Anchor>
          .
        </Text>
      </AuthCard>
    );
  }
  return <ConfirmSignUp email={email} />;
}

function ConfirmSignUp({ email }: { email: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { secondsLeft, markSent } = useResendCountdown('sign-up', email);
  const [isResending, setIsResending] = useState(false);
  const attemptError = useAttemptError();
  const form = useForm<TCodeForm>({ resolver: zodResolver(ZCodeForm), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      // better-auth signs the user in once the address is verified.
      await authCall(authClient.emailOtp.verifyEmail({ email, otp: code }));
      attemptError.succeed();
      navigate(await completeSignIn(queryClient), { replace: true });
    } catch (error) {
      attemptError.fail(AUTH_MESSAGES.signUpConfirmError, { description: authErrorDescription(error) });
    }
  });

  async function resend() {
    setIsResending(true);
    try {
      await authCall(authClient.emailOtp.sendVerificationOtp({ email, type: 'email-verification' }));
      markSent();
    } catch (error) {
      notifications.error(AUTH_MESSAGES.signUpResendError, { description: authErrorDescription(error) });
    } finally {
      setIsResending(false);
    }
  }

  return (
    <AuthCard
      title="Confirm your e-mail"
      subtitle={
        <>
          We sent a 6-digit code to <b>{email}</b>. Enter it to finish creating your account.
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
          <CodeInput required autoFocus error={errors.code?.message} {...form.register('code')} />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Confirm
          </Button>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm" c="dimmed">
              No code?
            </Text>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={secondsLeft > 0}
              loading={isResending}
              onClick={() => void resend()}
            >
              {secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
