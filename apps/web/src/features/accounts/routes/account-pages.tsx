import { useParams } from 'react-router';
import { ComingSoonPage } from '../../../shared/ui/coming-soon-page.tsx';

const FEATURE = 'the accounts feature';

export function IncomeAccountsPage() {
  return <ComingSoonPage title="Income accounts" feature={FEATURE} />;
}

export function IncomeAccountPage() {
  const { id } = useParams();
  return <ComingSoonPage title={`Income account ${id ?? ''}`.trim()} feature={FEATURE} />;
}

export function ExpenseAccountsPage() {
  return <ComingSoonPage title="Expense accounts" feature={FEATURE} />;
}

export function ExpenseAccountPage() {
  const { id } = useParams();
  return <ComingSoonPage title={`Expense account ${id ?? ''}`.trim()} feature={FEATURE} />;
}
