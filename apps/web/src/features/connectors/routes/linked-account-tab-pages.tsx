import { useParams } from 'react-router';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function LinkedAccountTransactionsTab() {
  const { eventId } = useParams();
  const title = eventId ? `Transactions of sync ${eventId}` : 'Transactions';
  return <ComingSoonPage level={2} title={title} feature="the connectors feature" />;
}

export function LinkedAccountPositionsTab() {
  const { eventId } = useParams();
  const title = eventId ? `Positions of sync ${eventId}` : 'Positions';
  return <ComingSoonPage level={2} title={title} feature="the connectors feature" />;
}
