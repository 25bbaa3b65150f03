import { Container, Loader, Title } from '@mantine/core';
import { useSession } from '../../auth/index.ts';
import { useUserSettings } from '../../session/index.ts';
import { PreferencesForm } from '../components/preferences-form.tsx';

/** `/settings`: date format, idle time, timeline panel, analytics pages, early access. */
export function Component() {
  const { data: session } = useSession();
  const userId = session?.user.id;
  const settings = useUserSettings(userId);
  if (!userId || !settings.data) return <Loader />;
  return (
    <Container size="md" py="md">
      <Title order={1} mb="lg">
        Settings
      </Title>
      <PreferencesForm userId={userId} settings={settings.data} />
    </Container>
  );
}
