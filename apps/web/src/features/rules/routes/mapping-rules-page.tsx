import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  return <ComingSoonPage title="Mapping rules" feature="the tagging and mapping rules feature" />;
}
