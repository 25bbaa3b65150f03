import { Container, Divider, Loader, Stack, Title } from '@mantine/core';
import { useSession } from '../../auth/index.ts';
import { ChangePasswordSection } from '../components/change-password-section.tsx';
import { PasskeysSection } from '../components/passkeys-section.tsx';
import { TwoFactorSection } from '../components/two-factor-section.tsx';

/** The signed-in user's security settings: password, second factor, passkeys. */
export function Component() {
  const { data } = useSession();
  if (!data) return <Loader />;
  const { user } = data;
  return (
    <Container size="md" py="md">
      <Title order={1} mb="lg">
        Account security
      </Title>
      <Stack gap="xl">
        <ChangePasswordSection email={user.email} />
        <Divider />
        <TwoFactorSection email={user.email} isEnabled={user.twoFactorEnabled === true} />
        <Divider />
        <PasskeysSection />
      </Stack>
    </Container>
  );
}
