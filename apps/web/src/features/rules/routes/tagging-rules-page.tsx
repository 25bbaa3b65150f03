import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  return <ComingSoonPage title="Tagging rules" feature="the tagging and mapping rules feature" />;
}
