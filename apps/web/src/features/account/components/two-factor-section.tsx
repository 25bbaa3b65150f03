import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Group,
  List,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import QRCode from 'react-qr-code';
import { notifications } from '../../../shared/notifications/notification-store.ts';
import {
  AUTH_MESSAGES,
  authCall,
  authClient,
  authErrorDescription,
  CodeInput,
  SESSION_QUERY_KEY,
  type TCodeForm,
  type TPasswordConfirmationForm,
  ZCodeForm,
  ZPasswordConfirmationForm,
} from '../../auth/index.ts';
import { groupSecret, totpSecretOf } from '../totp-uri.ts';

type TStep =
  | { kind: 'idle' }
  | { kind: 'password'; action: 'enable' | 'disable' }
  | { kind: 'verify'; totpUri: string; backupCodes: string[] };

function PasswordStep({
  action,
  email,
  onDone,
  onCancel,
}: {
  action: 'enable' | 'disable';
  email: string;
  onDone: (result: { totpURI: string; backupCodes: string[] } | null) => void;
  onCancel: () => void;
}) {
  const form = useForm<TPasswordConfirmationForm>({
    resolver: zodResolver(ZPasswordConfirmationForm),
    defaultValues: { password: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    if (action === 'enable') {
      try {
        const result = await authCall(authClient.twoFactor.enable({ password }));
        if (!result || !('totpURI' in result)) throw new Error('The server did not return a TOTP secret');
        onDone({ totpURI: result.totpURI, backupCodes: result.backupCodes });
      } catch (error) {
        notifications.error(AUTH_MESSAGES.twoFactorInstallError, {
          description: authErrorDescription(error),
        });
      }
      return;
    }
    try {
      await authCall(authClient.twoFactor.disable({ password }));
      notifications.success(AUTH_MESSAGES.twoFactorDisabled);
      onDone(null);
    } catch (error) {
      notifications.error(AUTH_MESSAGES.twoFactorDisableError, { description: authErrorDescription(error) });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack maw={420}>
        <input type="hidden" name="username" autoComplete="username" value={email} readOnly />
        <PasswordInput
          label="Confirm with your password"
          autoComplete="current-password"
          required
          autoFocus
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Group>
          <Button type="submit" loading={isSubmitting} color={action === 'disable' ? 'red' : undefined}>
            {action === 'enable' ? 'Continue' : 'Disable two-factor authentication'}
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function VerifyStep({
  totpUri,
  backupCodes,
  onDone,
  onCancel,
}: {
  totpUri: string;
  backupCodes: string[];
  onDone: () => void;
  onCancel: () => void;
}) {
  const secret = totpSecretOf(totpUri);
  const form = useForm<TCodeForm>({ resolver: zodResolver(ZCodeForm), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      // Two-factor is only on once a code proves the app holds the secret.
      await authCall(authClient.twoFactor.verifyTotp({ code }));
      notifications.success(AUTH_MESSAGES.twoFactorEnabled);
      onDone();
    } catch (error) {
      notifications.error(AUTH_MESSAGES.twoFactorCodeError, { description: authErrorDescription(error) });
    }
  });

  return (
    <Stack>
      <Text size="sm">
        1. Scan this QR code with an authenticator app (for example Google Authenticator, 1Password or Aegis).
      </Text>
      <Box
        p="sm"
        bg="white"
        w="fit-content"
        style={{ borderRadius: 8 }}
        role="img"
        aria-label="Two-factor QR code"
      >
        <QRCode value={totpUri} size={176} aria-hidden />
      </Box>
      {secret && (
        <Text size="sm">
          Or enter this key by hand:{' '}
          <Code data-testid="totp-secret" data-secret={secret} fz="sm">
            {groupSecret(secret)}
          </Code>
        </Text>
      )}
      {backupCodes.length > 0 && (
        <Alert variant="light" title="Backup codes">
          <Text size="sm">
            Keep these one-time codes somewhere safe; each signs you in once without the app.
          </Text>
          <List size="sm" mt="xs" ff="monospace" listStyleType="none" spacing={0}>
            {backupCodes.map((backupCode) => (
              <List.Item key={backupCode}>{backupCode}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        <Stack maw={420}>
          <CodeInput
            label="2. Enter the 6-digit code from the app"
            required
            error={errors.code?.message}
            {...form.register('code')}
          />
          <Group>
            <Button type="submit" loading={isSubmitting}>
              Verify and enable
            </Button>
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

export function TwoFactorSection({ email, isEnabled }: { email: string; isEnabled: boolean }) {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<TStep>({ kind: 'idle' });
  const refreshSession = () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  const reset = () => setStep({ kind: 'idle' });

  return (
    <Stack component="section" aria-labelledby="two-factor-title">
      <div>
        <Group gap="sm">
          <Title order={2} size="h3" id="two-factor-title">
            Two-factor authentication
          </Title>
          <Badge color={isEnabled ? 'teal' : 'gray'} variant="light">
            {isEnabled ? 'On' : 'Off'}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          Sign-in asks for a code from an authenticator app after your password.
        </Text>
      </div>
      {step.kind === 'idle' && (
        <Button
          w="fit-content"
          variant={isEnabled ? 'default' : 'filled'}
          onClick={() => setStep({ kind: 'password', action: isEnabled ? 'disable' : 'enable' })}
        >
          {isEnabled ? 'Disable two-factor authentication' : 'Enable two-factor authentication'}
        </Button>
      )}
      {step.kind === 'password' && (
        <PasswordStep
          action={step.action}
          email={email}
          onCancel={reset}
          onDone={(result) => {
            if (result) setStep({ kind: 'verify', totpUri: result.totpURI, backupCodes: result.backupCodes });
            else {
              reset();
              void refreshSession();
            }
          }}
        />
      )}
      {step.kind === 'verify' && (
        <VerifyStep
          totpUri={step.totpUri}
          backupCodes={step.backupCodes}
          onCancel={reset}
          onDone={() => {
            reset();
            void refreshSession();
          }}
        />
      )}
    </Stack>
  );
}
