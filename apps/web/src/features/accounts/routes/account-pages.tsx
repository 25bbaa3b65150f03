import { Stack, Title, VisuallyHidden } from '@mantine/core';
import type { TAssetListKind } from '../../assets/index.ts';
import { AssetBasicInfo, AssetDrawer, AssetListPage } from '../../assets/index.ts';

function AccountDrawer({ kind }: { kind: TAssetListKind }) {
  return (
    <AssetDrawer kind={kind} tabs={[]}>
      {(context) => (
        <Stack>
          <VisuallyHidden>
            <Title order={2}>Basic info</Title>
          </VisuallyHidden>
          <AssetBasicInfo context={context} />
        </Stack>
      )}
    </AssetDrawer>
  );
}

export function IncomeAccountsPage() {
  return <AssetListPage kind="income-accounts" />;
}

export function IncomeAccountPage() {
  return <AccountDrawer kind="income-accounts" />;
}

export function ExpenseAccountsPage() {
  return <AssetListPage kind="expense-accounts" />;
}

export function ExpenseAccountPage() {
  return <AccountDrawer kind="expense-accounts" />;
}
