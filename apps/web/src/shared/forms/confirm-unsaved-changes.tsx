import { Button, Group, Text } from '@mantine/core';
import { modals, type TModalStore } from '../modals/modal-store.ts';
import {
  CONTINUE_EDITING_LABEL,
  DISCARD_FORM_CHANGES_LABEL,
  type TUnsavedChangesChoice,
  UNSAVED_CHANGES_QUESTION,
  UNSAVED_CHANGES_TITLE,
} from './unsaved-changes.ts';

/**
 * Asks on top of the stack whether to keep editing; closing the dialog any other way means continue,
 * because losing work must be a deliberate click.
 */
export function confirmUnsavedChanges(store: TModalStore = modals): Promise<TUnsavedChangesChoice> {
  return new Promise((resolve) => {
    let choice: TUnsavedChangesChoice = 'continue';
    store.open({
      kind: 'action-dialog',
      title: UNSAVED_CHANGES_TITLE,
      size: 'sm',
      canClose: () => {
        resolve(choice);
        return true;
      },
      render: ({ close }) => (
        <>
          <Text size="sm">{UNSAVED_CHANGES_QUESTION}</Text>
          <Group justify="flex-end" mt="md">
            <Button
              variant="default"
              color="red"
              onClick={() => {
                choice = 'discard';
                void close();
              }}
            >
              {DISCARD_FORM_CHANGES_LABEL}
            </Button>
            <Button data-autofocus onClick={() => void close()}>
              {CONTINUE_EDITING_LABEL}
            </Button>
          </Group>
        </>
      ),
    });
  });
}
