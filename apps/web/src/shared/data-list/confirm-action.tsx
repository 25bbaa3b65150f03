import { Button, Group, Text } from '@mantine/core';
import { modals, type TModalStore } from '../modals/modal-store.ts';

export interface TConfirmActionInput {
  title: string;
  message: string;
  confirmLabel: string;
  /** Red for what cannot be undone. */
  isDestructive?: boolean;
}

/**
 * Asks on top of the modal stack; resolves true only on the confirm button — closing the dialog any other
 * way (Escape, the close button) means no.
 */
export function confirmAction(input: TConfirmActionInput, store: TModalStore = modals): Promise<boolean> {
  return new Promise((resolve) => {
    let isConfirmed = false;
    store.open({
      kind: 'action-dialog',
      title: input.title,
      size: 'sm',
      canClose: () => {
        resolve(isConfirmed);
        return true;
      },
      render: ({ close }) => (
        <>
          <Text size="sm">{input.message}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" data-autofocus onClick={() => void close()}>
              Cancel
            </Button>
            <Button
              color={input.isDestructive ? 'red' : undefined}
              onClick={() => {
                isConfirmed = true;
                void close();
              }}
            >
              {input.confirmLabel}
            </Button>
          </Group>
        </>
      ),
    });
  });
}
