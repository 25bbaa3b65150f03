import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  return <ComingSoonPage title="Dashboards" feature="the dashboards feature" />;
}
