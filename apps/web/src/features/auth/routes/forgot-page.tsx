import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { authCall, authClient, authErrorDescription } from '../auth-client.ts';
import { type TForgotPasswordForm, ZForgotPasswordForm } from '../auth-forms.ts';
import { AUTH_MESSAGES } from '../auth-messages.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { markCodeSent } from '../components/use-resend-countdown.ts';

/** Step one of a reset: the server answers the same for every address, so this page does too. */
export function Component() {
  const navigate = useNavigate();
  const form = useForm<TForgotPasswordForm>({
    resolver: zodResolver(ZForgotPasswordForm),
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await authCall(authClient.emailOtp.requestPasswordReset({ email }));
      markCodeSent('password-reset', email);
      navigate(`/confirm?username=${encodeURIComponent(email)}`);
    } catch (error) {
      notifications.error(AUTH_MESSAGES.passwordResetError, { description: authErrorDescription(error) });
    }
  });

  return (
    <AuthCard
      title="Reset password"
      subtitle="Enter your e-mail. If an account uses it, we send it a code to set a new password."
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="username"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Send code
          </Button>
          <Anchor component={Link} to="/login" size="sm" ta="center">
            Back to sign in
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
