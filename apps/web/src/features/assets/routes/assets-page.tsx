import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

export function Component() {
  return <ComingSoonPage title="Assets" feature="the assets feature" />;
}
