import { Anchor, Breadcrumbs, Center, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { Link, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../shared/api/api-error.ts';
import { NotFoundPage } from '../../../shared/ui/status-page.tsx';
import { activeTabPath, type TItemTab } from '../../../shared/ui/tabbed-item-page.tsx';
import { useCurrentRepository } from '../../repositories/index.ts';
import { useLinkedAccount } from '../api/connectors.ts';
import { linkedAccountTitle } from '../components/connector-card.tsx';
import { NoRepository } from '../components/no-repository.tsx';

const TABS: readonly TItemTab[] = [
  { label: 'Transactions', path: '' },
  { label: 'Positions', path: 'positions' },
];

// Mantine tabs refuse an empty value, so the first tab ('' below the account) is keyed by this.
const INDEX_TAB_VALUE = '.';

/** The tab bar: each tab is a child route, so a sync's view (`…/{event}`) keeps the Transactions tab lit. */
function AccountTabs({ basePath }: { basePath: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const rest = pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length + 1) : '';
  const active = activeTabPath(rest, TABS);
  return (
    <Tabs
      value={active || INDEX_TAB_VALUE}
      onChange={(value) => navigate(value && value !== INDEX_TAB_VALUE ? `${basePath}/${value}` : basePath)}
    >
      <Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.path} value={tab.path || INDEX_TAB_VALUE}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}

export function Component() {
  const { connectorId = '', accountId = '' } = useParams();
  const { repository } = useCurrentRepository();
  if (!repository) {
    return (
      <>
        <NoRepository title="Linked account" />
        <Outlet />
      </>
    );
  }
  return <LinkedAccountFrame repositoryId={repository.id} connectorId={connectorId} accountId={accountId} />;
}

/**
 * /connectors/{connector}/{account} (linked seed §2): the linked account titled with its name and type, and
 * its Transactions / Positions tabs. An account that is not there — or not this connector's — is a 404.
 */
export function LinkedAccountFrame({
  repositoryId,
  connectorId,
  accountId,
}: {
  repositoryId: string;
  connectorId: string;
  accountId: string;
}) {
  const account = useLinkedAccount(repositoryId, accountId);
  if (account.isPending) {
    return (
      <Center h={200}>
        <Loader aria-label="Loading account" />
      </Center>
    );
  }
  if (account.isError) {
    if (isApiError(account.error) && (account.error.status === 404 || account.error.status === 400)) {
      return <NotFoundPage />;
    }
    return (
      <Text c="red" p="md">
        {account.error.message}
      </Text>
    );
  }
  if (account.data.connector_id !== connectorId) return <NotFoundPage />;
  const title = [linkedAccountTitle(account.data), account.data.type].filter(Boolean).join(' · ');
  return (
    <Stack p="md" gap="xs">
      <Breadcrumbs>
        <Anchor component={Link} to="/connectors" size="sm">
          Connectors
        </Anchor>
        <Anchor component={Link} to={`/connectors/${connectorId}`} size="sm">
          {account.data.connector_name}
        </Anchor>
        <Text size="sm">{linkedAccountTitle(account.data)}</Text>
      </Breadcrumbs>
      <Title order={1} size="h3">
        {title}
      </Title>
      <AccountTabs basePath={`/connectors/${connectorId}/${accountId}`} />
      <Outlet />
    </Stack>
  );
}
