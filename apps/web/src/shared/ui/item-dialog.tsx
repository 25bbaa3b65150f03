import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { modals } from '../modals/modal-store.ts';
import { MODAL_BASE_Z_INDEX } from './layers.ts';

/**
 * A small item dialog over its list, opened by route (`/tags/{id}`, `/documents/{id}`, `/contacts/{id}`);
 * closing goes back to the list. It sits at the modal stack's base layer, so confirmations come on top.
 */
export function ItemDialog({
  title,
  listPath,
  children,
}: {
  title: string;
  listPath: string;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <Modal
      opened
      onClose={() => {
        // Escape while a dialog is open over this one belongs to that dialog (the app's shortcut closes it).
        if (!modals.top()) void navigate(listPath);
      }}
      title={title}
      size="sm"
      zIndex={MODAL_BASE_Z_INDEX}
    >
      {children}
    </Modal>
  );
}
