import { useParams } from 'react-router';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  const { id } = useParams();
  return <ComingSoonPage title={`Contact ${id ?? ''}`.trim()} feature="the contacts feature" />;
}
