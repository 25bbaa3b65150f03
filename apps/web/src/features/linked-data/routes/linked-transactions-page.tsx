import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  return <ComingSoonPage title="Linked transactions" feature="the linked data feature" />;
}
