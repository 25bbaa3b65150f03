import { Stack, Text, Title } from '@mantine/core';

/** A linked-data page before a repository is picked (or when the user has none). */
export function NoRepository({ title, level = 1 }: { title: string; level?: 1 | 2 }) {
  return (
    <Stack p="md" gap="xs">
      <Title order={level} size={level === 1 ? 'h3' : 'h5'}>
        {title}
      </Title>
      <Text c="dimmed">Create or pick a repository in the header first.</Text>
    </Stack>
  );
}
