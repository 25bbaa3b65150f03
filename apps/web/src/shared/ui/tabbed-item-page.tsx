import { Container, Tabs, Title } from '@mantine/core';
import { Outlet, useLocation, useNavigate } from 'react-router';

export interface TItemTab {
  label: string;
  /** Path below the item, '' for the first tab. */
  path: string;
}

// Mantine tabs refuse an empty value, so the first tab ('' below the item) is keyed by this.
const INDEX_TAB_VALUE = '.';

export interface TTabbedItemPageProps {
  title: string;
  basePath: string;
  tabs: readonly TItemTab[];
}

/** The active tab is the longest tab path that prefixes the rest of the URL (prices/table → prices). */
export function activeTabPath(rest: string, tabs: readonly TItemTab[]): string {
  const candidates = tabs
    .map((tab) => tab.path)
    .filter((path) => path !== '' && (rest === path || rest.startsWith(`${path}/`)))
    .sort((a, b) => b.length - a.length);
  return candidates[0] ?? '';
}

/** An item page whose tabs are child routes, so each tab has its own URL. */
export function TabbedItemPage({ title, basePath, tabs }: TTabbedItemPageProps) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const rest = pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length + 1) : '';
  const active = activeTabPath(rest, tabs);
  return (
    <Container size="xl" px={0}>
      <Title order={1} fz="h2" mb="sm">
        {title}
      </Title>
      <Tabs
        value={active || INDEX_TAB_VALUE}
        onChange={(value) => navigate(value && value !== INDEX_TAB_VALUE ? `${basePath}/${value}` : basePath)}
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.path} value={tab.path || INDEX_TAB_VALUE}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Outlet />
    </Container>
  );
}
