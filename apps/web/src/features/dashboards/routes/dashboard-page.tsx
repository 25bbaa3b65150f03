import { useParams } from 'react-router';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  const { slug } = useParams();
  return <ComingSoonPage title={`Dashboard ${slug ?? ''}`.trim()} feature="the dashboards feature" />;
}
