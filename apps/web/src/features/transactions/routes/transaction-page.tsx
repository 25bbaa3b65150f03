import { Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { useNavigate, useOutletContext, useParams } from 'react-router';
import { useRouteModal } from '../../../shared/modals/use-route-modal.ts';
import { useCurrentRepository, useNewItemGuard } from '../../repositories/index.ts';
import { TransactionEditor, type TTransactionEditorEvents } from '../components/transaction-editor.tsx';
import { TRANSACTION_FORM_MODAL_ID } from '../transaction-form-id.ts';

/** What the list page hands its `/transactions/:id` child through the outlet. */
export type TTransactionsOutletContext = Pick<TTransactionEditorEvents, 'onSaved' | 'onListChanged'>;

/**
 * `/transactions/:id` (`new` for a new one): the transaction form as a slide-over on the app's modal stack,
 * over the list. Closing the panel goes back to `/transactions`; leaving the route closes the panel.
 */
export function Component() {
  const { id = 'new' } = useParams();
  const navigate = useNavigate();
  const { repository } = useCurrentRepository();
  const list = useOutletContext<TTransactionsOutletContext | undefined>();
  const guardRef = useRef<() => Promise<boolean>>(async () => true);
  const events = useRef<TTransactionEditorEvents>(null as unknown as TTransactionEditorEvents);
  events.current = {
    onSaved: (saved, isNew) => list?.onSaved(saved, isNew),
    onListChanged: () => list?.onListChanged(),
    onOpen: (next) => navigate(`/transactions/${next}`, { replace: true }),
    onClose: () => navigate('/transactions'),
  };
  const isDenied = useNewItemGuard(id === 'new');
  const hasRepository = Boolean(repository) && !isDenied;

  const editorId = id === 'new' ? null : id;
  useRouteModal({
    id: TRANSACTION_FORM_MODAL_ID,
    kind: 'slidepanel',
    size: 'xl',
    title: editorId ? 'Transaction' : 'New transaction',
    canClose: () => guardRef.current(),
    render: () => <TransactionEditor key={id} id={editorId} guardRef={guardRef} events={events} />,
    isShown: hasRepository,
    contentKey: id,
    onClosed: () => navigate('/transactions'),
  });

  if (hasRepository) return null;
  return (
    <Stack p="md">
      <Title order={2} size="h3">
        {`Transaction ${id}`}
      </Title>
      <Text c="dimmed">Create or pick a repository in the header first.</Text>
    </Stack>
  );
}
