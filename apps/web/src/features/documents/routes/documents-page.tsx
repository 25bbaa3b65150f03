import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  return <ComingSoonPage title="Documents" feature="the documents feature" />;
}
