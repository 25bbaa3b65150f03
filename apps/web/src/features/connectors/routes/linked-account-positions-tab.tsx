import { useParams } from 'react-router';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

// Linked positions have no API yet (issue 21's investment slice); this tab arrives with it.
export function LinkedAccountPositionsTab() {
  const { eventId } = useParams();
  const title = eventId ? `Positions of sync ${eventId}` : 'Positions';
  return <ComingSoonPage level={2} title={title} feature="the linked positions" />;
}
