import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  return <ComingSoonPage title="Connectors" feature="the connectors feature" />;
}
