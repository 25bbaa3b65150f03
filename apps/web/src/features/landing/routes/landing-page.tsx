import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChartPie, IconLink, IconUsers } from '@tabler/icons-react';
import { Link, Navigate } from 'react-router';
import { isNativePlatform } from '../../../shared/platform/native-platform.ts';

const POINTS = [
  {
    icon: IconChartPie,
    title: 'Exact analytics',
    text: 'Value, income, positions, performance, IRR and MOIC from multi-entry transactions, in exact decimals.',
  },
  {
    icon: IconLink,
    title: 'Linked accounts',
    text: 'Import bank, brokerage and OFX files; tagging and mapping rules turn them into your own transactions.',
  },
  {
    icon: IconUsers,
    title: 'Shared repositories',
    text: 'Keep workspaces of assets, accounts and documents, and share them with read-only or full access.',
  },
];

export function Component() {
  // Seed: on the native platform the landing page leads to sign-in (the app is not a place to be sold to).
  if (isNativePlatform()) return <Navigate to="/login" replace />;
  return (
    <Container size="lg" py={48}>
      <Stack gap="lg" maw={720}>
        <Title order={1} fz={{ base: 32, sm: 44 }} lh={1.15}>
          Your whole portfolio, in one place.
        </Title>
        <Text size="lg" c="dimmed">
          Strata is an open-source portfolio and wealth tracker for investors and the people they work with —
          public and private assets, accounts and funds, on desktop and phone.
        </Text>
        <Group>
          <Button component={Link} to="/login" size="md">
            Sign in
          </Button>
          <Button component={Link} to="/sign-up" size="md" variant="default">
            Create account
          </Button>
        </Group>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl" mt={56}>
        {POINTS.map((point) => (
          <Stack key={point.title} gap="xs">
            <ThemeIcon variant="light" size="lg">
              <point.icon size={20} />
            </ThemeIcon>
            <Text fw={600}>{point.title}</Text>
            <Text size="sm" c="dimmed">
              {point.text}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Container>
  );
}
