import { AnalyticsViewPage } from '../components/analytics-view-page.tsx';

export function AnalyticsValuePage() {
  return <AnalyticsViewPage view="value" />;
}

export function AnalyticsValueChangePage() {
  return <AnalyticsViewPage view="value-change" />;
}

export function AnalyticsIncomePage() {
  return <AnalyticsViewPage view="income" />;
}

export function AnalyticsPositionPage() {
  return <AnalyticsViewPage view="position" />;
}
