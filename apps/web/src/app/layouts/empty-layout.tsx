import { Box, Container, Group } from '@mantine/core';
import { Outlet } from 'react-router';
import { ColorSchemeToggle } from '../../shared/ui/color-scheme-toggle.tsx';
import { Brand } from './brand.tsx';

/** Landing, sign-in screens, policy and terms: no app navigation. */
export function EmptyLayout() {
  return (
    <Box mih="100vh">
      <Container size="lg" py="md">
        <Group justify="space-between">
          <Brand to="/" />
          <ColorSchemeToggle />
        </Group>
      </Container>
      <Box component="main">
        <Outlet />
      </Box>
    </Box>
  );
}
