import { ActionIcon, Affix, Button, Drawer, Group, Modal, Paper, Text, Tooltip } from '@mantine/core';
import { IconMinus, IconWindowMaximize } from '@tabler/icons-react';
import { controlsFor, modals, type TModalEntry, type TModalStore } from './modal-store.ts';
import { useModals } from './use-modals.ts';

function MinimiseButton({ onClick }: { onClick: () => void }) {
  return (
    <Tooltip label="Minimise">
      <ActionIcon variant="subtle" color="gray" aria-label="Minimise" onClick={onClick}>
        <IconMinus size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

function StackedModal({ entry, store }: { entry: TModalEntry; store: TModalStore }) {
  const controls = controlsFor(store, entry.id);
  const isOpened = entry.state === 'opened';
  const onClose = () => void controls.close();
  // Escape is handled by the keyboard shortcuts, which close only the top of the stack.
  const common = {
    opened: isOpened,
    onClose,
    zIndex: entry.zIndex,
    closeOnEscape: false,
    keepMounted: true,
    closeButtonProps: { 'aria-label': 'Close' },
  } as const;
  const title = (
    <Group gap="xs" wrap="nowrap">
      <Text fw={600}>{entry.title}</Text>
      {entry.kind !== 'action-dialog' && <MinimiseButton onClick={controls.hide} />}
    </Group>
  );
  if (entry.kind === 'slidepanel') {
    return (
      <Drawer {...common} position="right" size={entry.size} title={title}>
        {entry.render(controls)}
      </Drawer>
    );
  }
  return (
    <Modal
      {...common}
      size={entry.size}
      title={title}
      centered
      closeOnClickOutside={entry.kind !== 'action-dialog'}
    >
      {entry.render(controls)}
    </Modal>
  );
}

/** Renders the modal stack and a tray of minimised entries to restore. Mount once, inside the router. */
export function ModalHost({ store = modals }: { store?: TModalStore }) {
  const entries = useModals(store);
  const hidden = entries.filter((entry) => entry.state === 'hidden');
  return (
    <>
      {entries.map((entry) => (
        <StackedModal key={entry.id} entry={entry} store={store} />
      ))}
      {hidden.length > 0 && (
        <Affix
          position={{ bottom: 12, left: 12 }}
          zIndex={entries.reduce((max, e) => Math.max(max, e.zIndex), 0) + 1}
        >
          <Paper shadow="md" p={6} withBorder>
            <Group gap={6} aria-label="Minimised windows">
              {hidden.map((entry) => (
                <Button
                  key={entry.id}
                  size="compact-sm"
                  variant="default"
                  leftSection={<IconWindowMaximize size={14} />}
                  onClick={() => store.restore(entry.id)}
                >
                  {entry.title}
                </Button>
              ))}
            </Group>
          </Paper>
        </Affix>
      )}
    </>
  );
}
