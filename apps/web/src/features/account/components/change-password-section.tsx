import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import {
  AUTH_MESSAGES,
  authCall,
  authClient,
  authErrorDescription,
  type TChangePasswordForm,
  weakPasswordMessage,
  ZChangePasswordForm,
} from '../../auth/index.ts';

export function ChangePasswordSection({ email }: { email: string }) {
  const form = useForm<TChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      // The server also ends every other session of the user.
      await authCall(authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }));
      form.reset();
      notifications.success(AUTH_MESSAGES.passwordChanged);
    } catch (error) {
      const weak = weakPasswordMessage(error);
      if (weak) form.setError('newPassword', { message: weak }, { shouldFocus: true });
      else
        notifications.error(AUTH_MESSAGES.passwordChangeError, { description: authErrorDescription(error) });
    }
  });

  return (
    <Stack component="section" aria-labelledby="change-password-title">
      <div>
        <Title order={2} size="h3" id="change-password-title">
          Password
        </Title>
        <Text size="sm" c="dimmed">
          Changing it signs you out on your other devices.
        </Text>
      </div>
      <form onSubmit={onSubmit} noValidate>
        <Stack maw={420}>
          <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            required
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            required
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" loading={isSubmitting} w="fit-content">
            Change password
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
