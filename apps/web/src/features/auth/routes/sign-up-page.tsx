import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import { authCall, authClient, authErrorDescription, weakPasswordMessage } from '../auth-client.ts';
import { PASSWORD_MIN_LENGTH, type TSignUpForm, ZSignUpForm } from '../auth-forms.ts';
import { AUTH_MESSAGES } from '../auth-messages.ts';
import { AuthCard } from '../components/auth-card.tsx';
import { markCodeSent } from '../components/use-resend-countdown.ts';

export function Component() {
  const navigate = useNavigate();
  const form = useForm<TSignUpForm>({
    resolver: zodResolver(ZSignUpForm),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ name, email, password }) => {
    try {
      await authCall(authClient.signUp.email({ name, email, password }));
      markCodeSent('sign-up', email);
      navigate(`/sign-up-confirmation?username=${encodeURIComponent(email)}`);
    } catch (error) {
      const weak = weakPasswordMessage(error);
      if (weak) form.setError('password', { message: weak }, { shouldFocus: true });
      else notifications.error(AUTH_MESSAGES.signUpError, { description: authErrorDescription(error) });
    }
  });

  return (
    <AuthCard
      title="Create account"
      subtitle={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" size="sm">
            Sign in
          </Anchor>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label="Name"
            autoComplete="name"
            required
            error={errors.name?.message}
            {...form.register('name')}
          />
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            description={`At least ${PASSWORD_MIN_LENGTH} characters`}
            autoComplete="new-password"
            required
            error={errors.password?.message}
            {...form.register('password')}
          />
          <Button type="submit" fullWidth loading={isSubmitting}>
            Create account
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
