import { Button, CloseButton, Group, Paper, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { installPrompt, type TInstallPrompt, useCanInstall } from '../../shared/pwa/install-prompt.ts';

/** Kept in localStorage: a 'Not now' holds on this browser until sign-out clears storage (seed §4). */
export const INSTALL_BANNER_DISMISSED_KEY = 'strata-install-banner-dismissed';

export const INSTALL_BANNER_TEXT = 'Install Strata on this phone to open it like an app, also offline.';

function isDismissed(): boolean {
  try {
    return window.localStorage.getItem(INSTALL_BANNER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The phone's offer to install the app, under the header, only while the browser offers installation. 'Not
 * now' is remembered; the user menu's 'Install Strata' stays for later.
 */
export function InstallBanner({ prompt = installPrompt }: { prompt?: TInstallPrompt }) {
  const canInstall = useCanInstall(prompt);
  const [isHidden, setHidden] = useState(isDismissed);
  if (!canInstall || isHidden) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(INSTALL_BANNER_DISMISSED_KEY, '1');
    } catch {
      // Private mode without storage: hidden for this visit only.
    }
    setHidden(true);
  };
  return (
    <Paper withBorder radius="md" p="xs" mb="sm" role="region" aria-label="Install Strata">
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Text size="sm">{INSTALL_BANNER_TEXT}</Text>
        <Group gap={4} wrap="nowrap">
          <Button size="xs" leftSection={<IconDownload size={14} />} onClick={() => void prompt.install()}>
            Install
          </Button>
          <CloseButton aria-label="Not now" onClick={dismiss} />
        </Group>
      </Group>
    </Paper>
  );
}
