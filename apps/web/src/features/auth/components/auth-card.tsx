import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The frame every sign-in screen shares: title, a line below it, and the form in a card. */
export function AuthCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size={440} py={48}>
      <Title order={1} ta="center">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" size="sm" ta="center" mt={5}>
          {subtitle}
        </Text>
      )}
      <Paper withBorder shadow="sm" p="lg" mt="lg" radius="md">
        {children}
      </Paper>
    </Container>
  );
}
