import { Modal } from '@mantine/core';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { askBeforeLosing, UnsavedScope } from '../forms/use-unsaved-changes.tsx';
import { modals } from '../modals/modal-store.ts';
import { MODAL_BASE_Z_INDEX } from './layers.ts';

/**
 * A small item dialog over its list, opened by route (`/tags/{id}`, `/documents/{id}`, `/contacts/{id}`);
 * closing goes back to the list. It sits at the modal stack's base layer, so confirmations come on top.
 * Its forms report unsaved input (`useUnsavedChanges`): the X, Escape, Back and a reload ask first.
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
  const { pathname } = useLocation();
  const close = async () => {
    // Escape while a dialog is open over this one belongs to that dialog (the app's shortcut closes it).
    if (modals.top()) return;
    if (await askBeforeLosing(pathname)) void navigate(listPath);
  };
  return (
    <Modal
      opened
      onClose={() => void close()}
      title={title}
      size="sm"
      zIndex={MODAL_BASE_Z_INDEX}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <UnsavedScope scope={pathname} isRoute>
        {children}
      </UnsavedScope>
    </Modal>
  );
}
