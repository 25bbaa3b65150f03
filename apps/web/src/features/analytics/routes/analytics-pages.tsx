import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

const FEATURE = 'the analytics feature';

export function AnalyticsValuePage() {
  return <ComingSoonPage title="Value" feature={FEATURE} />;
}

export function AnalyticsValueChangePage() {
  return <ComingSoonPage title="Value Change" feature={FEATURE} />;
}

export function AnalyticsIncomePage() {
  return <ComingSoonPage title="Income" feature={FEATURE} />;
}

export function AnalyticsPositionPage() {
  return <ComingSoonPage title="Position" feature={FEATURE} />;
}
