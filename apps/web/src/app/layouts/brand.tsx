import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { Link } from 'react-router';

export function Brand({ to = '/dashboards' }: { to?: string }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="Strata home">
      <Group gap={6} wrap="nowrap">
        <IconStack2 size={24} color="var(--mantine-primary-color-filled)" />
        <Text fw={700} fz="lg">
          Strata
        </Text>
      </Group>
    </UnstyledButton>
  );
}
