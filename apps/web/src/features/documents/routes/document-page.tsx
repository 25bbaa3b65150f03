import { useParams } from 'react-router';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  const { id } = useParams();
  return <ComingSoonPage title={`Document ${id ?? ''}`.trim()} feature="the documents feature" />;
}
