import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';

/** The name of a new dashboard (the server makes its slug). */
export function NewDashboardForm({
  onCreate,
  onCancel,
}: {
  onCreate: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState('');
  const trimmed = name.trim();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (trimmed) onCreate(trimmed);
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          maxLength={255}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={!trimmed}>
            Create
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
