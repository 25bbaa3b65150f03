import { DashboardBoard } from '../components/dashboard-board.tsx';

export function Component() {
  return <DashboardBoard />;
}
