import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useAttemptError } from '../../../shared/notifications/use-attempt-error.ts';
import { authCall, authClient, authErrorDescription } from '../auth-client.ts';
import { type TCodeForm, ZCodeForm } from '../auth-forms.ts';
import { AUTH_MESSAGES } from '../auth-messages.ts';
import { completeSignIn } from '../complete-sign-in.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { CodeInput } from '../components/code-input.tsx';

/** The second step of a password sign-in when the account has TOTP on (seed §4). */
export function Component() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const attemptError = useAttemptError();
  const form = useForm<TCodeForm>({ resolver: zodResolver(ZCodeForm), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await authCall(authClient.twoFactor.verifyTotp({ code }));
      attemptError.succeed();
      navigate(await completeSignIn(queryClient), { replace: true });
    } catch (error) {
      attemptError.fail(AUTH_MESSAGES.signInConfirmError, { description: authErrorDescription(error) });
    }
  });

  return (
    <AuthCard title="Two-factor confirmation" subtitle="Enter the 6-digit code from your authenticator app.">
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <CodeInput
            label="Authentication code"
            required
            autoFocus
            error={errors.code?.message}
            {...form.register('code')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Verify
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            Lost your authenticator? Ask your administrator to reset your second factor.{' '}
            <Anchor component={Link} to="/login" size="sm">
              Back to sign in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
