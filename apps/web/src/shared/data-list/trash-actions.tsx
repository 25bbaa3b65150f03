import { Button, Group } from '@mantine/core';
import { IconRestore, IconTrashX } from '@tabler/icons-react';
import { useState } from 'react';
import { modals, type TModalStore } from '../modals/modal-store.ts';
import { notifyError } from '../notifications/notify-error.ts';
import { confirmAction } from './confirm-action.tsx';

export interface TTrashActionsProps {
  /** Rows selected in the trash grid (`LazyGrid`'s `onSelectionChange`). */
  selectedCount: number;
  /** Rows in the trash; 0 disables Restore all and Empty trash. Unknown (loading) leaves them enabled. */
  totalCount?: number;
  /** Plural noun for the dialogs, e.g. 'transactions', 'assets'. */
  itemsLabel: string;
  /** Each action shows only when its handler is given; a rejected promise is shown as an error toast. */
  onRestoreSelected?: () => Promise<unknown>;
  onRestoreAll?: () => Promise<unknown>;
  onDeleteSelected?: () => Promise<unknown>;
  onEmptyTrash?: () => Promise<unknown>;
  /** Read-only repositories see no trash actions (seed §6). */
  isReadOnly?: boolean;
  /** The modal stack to confirm on (tests pass their own). */
  modalStore?: TModalStore;
}

type TAction = 'restore-selected' | 'restore-all' | 'delete-selected' | 'empty';

/**
 * The trash view's toolbar: restore selected, restore all, delete forever, empty trash. Everything but
 * restoring the selection asks first; deleting for good is red.
 */
export function TrashActions({
  selectedCount,
  totalCount,
  itemsLabel,
  onRestoreSelected,
  onRestoreAll,
  onDeleteSelected,
  onEmptyTrash,
  isReadOnly = false,
  modalStore = modals,
}: TTrashActionsProps) {
  const [running, setRunning] = useState<TAction | null>(null);
  if (isReadOnly) return null;

  const run = async (
    action: TAction,
    handler: () => Promise<unknown>,
    confirm?: Parameters<typeof confirmAction>[0],
  ) => {
    if (confirm && !(await confirmAction(confirm, modalStore))) return;
    setRunning(action);
    try {
      await handler();
    } catch (error) {
      notifyError(error);
    } finally {
      setRunning(null);
    }
  };
  const isEmpty = totalCount === 0;
  const isBusy = running !== null;
  const selected = `${selectedCount} selected ${itemsLabel}`;

  return (
    <Group gap="xs" role="toolbar" aria-label="Trash actions">
      {onRestoreSelected && (
        <Button
          variant="light"
          leftSection={<IconRestore size={16} />}
          disabled={selectedCount === 0 || isBusy}
          loading={running === 'restore-selected'}
          onClick={() => void run('restore-selected', onRestoreSelected)}
        >
          Restore selected
        </Button>
      )}
      {onRestoreAll && (
        <Button
          variant="default"
          leftSection={<IconRestore size={16} />}
          disabled={isEmpty || isBusy}
          loading={running === 'restore-all'}
          onClick={() =>
            void run('restore-all', onRestoreAll, {
              title: 'Restore all',
              message: `Restore all ${itemsLabel} from the trash?`,
              confirmLabel: 'Restore all',
            })
          }
        >
          Restore all
        </Button>
      )}
      {onDeleteSelected && (
        <Button
          color="red"
          variant="light"
          leftSection={<IconTrashX size={16} />}
          disabled={selectedCount === 0 || isBusy}
          loading={running === 'delete-selected'}
          onClick={() =>
            void run('delete-selected', onDeleteSelected, {
              title: 'Delete forever',
              message: `Delete ${selected} forever? This cannot be undone.`,
              confirmLabel: 'Delete forever',
              isDestructive: true,
            })
          }
        >
          Delete forever
        </Button>
      )}
      {onEmptyTrash && (
        <Button
          color="red"
          variant="default"
          leftSection={<IconTrashX size={16} />}
          disabled={isEmpty || isBusy}
          loading={running === 'empty'}
          onClick={() =>
            void run('empty', onEmptyTrash, {
              title: 'Empty trash',
              message: `Delete all ${itemsLabel} in the trash forever? This cannot be undone.`,
              confirmLabel: 'Empty trash',
              isDestructive: true,
            })
          }
        >
          Empty trash
        </Button>
      )}
    </Group>
  );
}
