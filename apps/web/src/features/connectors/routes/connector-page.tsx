import { useParams } from 'react-router';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  const { connectorId } = useParams();
  return <ComingSoonPage title={`Connector ${connectorId ?? ''}`.trim()} feature="the connectors feature" />;
}
