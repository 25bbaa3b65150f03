import { Group, Text, UnstyledButton } from '@mantine/core';
import { IconStack2 } from '@tabler/icons-react';
import { Link } from 'react-router';

/** `isCompact`: the mark alone below Mantine's `xs` width, so a phone header keeps room for its tools. */
export function Brand({ to = '/dashboards', isCompact = false }: { to?: string; isCompact?: boolean }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="Strata home">
      <Group gap={6} wrap="nowrap">
        <IconStack2 size={24} color="var(--mantine-primary-color-filled)" />
        <Text fw={700} fz="lg" visibleFrom={isCompact ? 'xs' : undefined}>
          Strata
        </Text>
      </Group>
    </UnstyledButton>
  );
}
