import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { authCall, authClient, authErrorDescription, weakPasswordMessage } from '../auth-client.ts';
import { type TResetPasswordForm, ZResetPasswordForm } from '../auth-forms.ts';
import { AUTH_MESSAGES, PASSWORD_RESET_DONE } from '../auth-messages.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeInput } from '../components/code-input.tsx';
import { useResendCountdown } from '../components/use-resend-countdown.ts';

/** Step two of a reset: the mailed code and the new password. */
export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const initialEmail = params.get('username')?.trim() ?? '';
  const form = useForm<TResetPasswordForm>({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { email: initialEmail, code: '', password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const email = form.watch('email');
  const { secondsLeft, markSent } = useResendCountdown('password-reset', email);
  const [isResending, setIsResending] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await authCall(
        authClient.emailOtp.resetPassword({
          email: values.email,
          otp: values.code,
          password: values.password,
        }),
      );
      notifications.success(PASSWORD_RESET_DONE);
      navigate('/login', { replace: true });
    } catch (error) {
      const weak = weakPasswordMessage(error);
      if (weak) form.setError('password', { message: weak }, { shouldFocus: true });
      else
        notifications.error(AUTH_MESSAGES.passwordResetError, { description: authErrorDescription(error) });
    }
  });

  async function resend() {
    setIsResending(true);
    try {
      await authCall(authClient.emailOtp.requestPasswordReset({ email }));
      markSent();
    } catch (error) {
      notifications.error(AUTH_MESSAGES.passwordResetError, { description: authErrorDescription(error) });
    } finally {
      setIsResending(false);
    }
  }

  return (
    <AuthCard title="Enter code" subtitle="Enter the code from the e-mail and choose a new password.">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            readOnly={initialEmail !== ''}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <CodeInput
            required
            autoFocus={initialEmail !== ''}
            error={errors.code?.message}
            {...form.register('code')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Set new password
          </Button>
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/login" size="sm">
              Back to sign in
            </Anchor>
            <Button
              variant="subtle"
              size="compact-sm"
              disabled={secondsLeft > 0 || email.trim() === ''}
              loading={isResending}
              onClick={() => void resend()}
            >
              {secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            Setting a new password signs you out on every device.
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
