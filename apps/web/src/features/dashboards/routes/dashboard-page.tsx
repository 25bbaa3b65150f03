import { useParams } from 'react-router';
import { DashboardBoard } from '../components/dashboard-board.tsx';

export function Component() {
  const { slug } = useParams();
  return <DashboardBoard slug={slug} />;
}
