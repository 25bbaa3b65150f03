import { useParams } from 'react-router';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  const { id } = useParams();
  return <ComingSoonPage title={`Transaction ${id ?? ''}`.trim()} feature="the smart transactions feature" />;
}
