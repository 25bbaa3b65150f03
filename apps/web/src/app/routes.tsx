import type { QueryClient } from '@tanstack/react-query';
import { type RouteObject, redirect } from 'react-router';
import { requireAnalyticsDebugTabs } from '../features/analytics/analytics-debug-flag.ts';
import { requireActiveSubscription } from '../features/subscription/subscription-middleware.ts';
import { notifications } from '../shared/notifications/notification-store.ts';
import { NotFoundPage, PermissionDeniedPage } from '../shared/ui/status-page.tsx';
import { redirectIfSignedIn, requireSession } from './auth-middleware.ts';
import { AppLayout } from './layouts/app-layout.tsx';
import { EmptyLayout } from './layouts/empty-layout.tsx';
import { RootLayout } from './layouts/root-layout.tsx';
import { RouteErrorPage } from './route-error-page.tsx';

/** Seed §2: the legacy path keeps its query (e.g. an aggregator's callback parameters). */
export function linkedAccountsRedirect({ request }: { request: Request }): Response {
  const { search } = new URL(request.url);
  return redirect(`/connectors${search}`);
}

const assetTabs = () => import('../features/assets/routes/asset-tab-pages.tsx');
const currencyTabs = () => import('../features/currencies/routes/currency-tab-pages.tsx');
const analytics = () => import('../features/analytics/routes/analytics-pages.tsx');
const accounts = () => import('../features/accounts/routes/account-pages.tsx');
const legal = () => import('../features/legal/routes/legal-pages.tsx');

/**
 * The whole route table. Pages are lazy modules so the first load carries only the shell; the session
 * guard is middleware, so it runs before any loader of a private page.
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      children: [
        {
          Component: EmptyLayout,
          children: [
            { index: true, lazy: () => import('../features/landing/routes/landing-page.tsx') },
            { path: 'policy', lazy: async () => ({ Component: (await legal()).PolicyPage }) },
            { path: 'terms', lazy: async () => ({ Component: (await legal()).TermsPage }) },
            {
              middleware: [redirectIfSignedIn(queryClient)],
              children: [
                { path: 'login', lazy: () => import('../features/auth/routes/login-page.tsx') },
                {
                  path: 'signin-confirmation',
                  lazy: () => import('../features/auth/routes/sign-in-confirmation-page.tsx'),
                },
                { path: 'confirm', lazy: () => import('../features/auth/routes/confirm-page.tsx') },
                { path: 'forgot', lazy: () => import('../features/auth/routes/forgot-page.tsx') },
                { path: 'sign-up', lazy: () => import('../features/auth/routes/sign-up-page.tsx') },
                {
                  path: 'sign-up-confirmation',
                  lazy: () => import('../features/auth/routes/sign-up-confirmation-page.tsx'),
                },
                { path: 'password', lazy: () => import('../features/auth/routes/password-page.tsx') },
              ],
            },
            { path: '*', Component: NotFoundPage },
          ],
        },
        { path: 'linked-accounts', loader: linkedAccountsRedirect },
        {
          middleware: [requireSession(queryClient), requireActiveSubscription(queryClient, notifications)],
          Component: AppLayout,
          children: [
            { path: 'dashboards', lazy: () => import('../features/dashboards/routes/dashboards-page.tsx') },
            {
              path: 'dashboards/:slug',
              lazy: () => import('../features/dashboards/routes/dashboard-page.tsx'),
            },
            {
              // Seed §2: only with the analytics debug-tabs flag, else /404.
              middleware: [requireAnalyticsDebugTabs(queryClient)],
              children: [
                {
                  path: 'analytics-value',
                  lazy: async () => ({ Component: (await analytics()).AnalyticsValuePage }),
                },
                {
                  path: 'analytics-income',
                  lazy: async () => ({ Component: (await analytics()).AnalyticsIncomePage }),
                },
                {
                  path: 'analytics-position',
                  lazy: async () => ({ Component: (await analytics()).AnalyticsPositionPage }),
                },
                {
                  path: 'analytics-value-change',
                  lazy: async () => ({ Component: (await analytics()).AnalyticsValueChangePage }),
                },
              ],
            },
            {
              // The form is a slide-over child, so the list (and its loaded pages) stays while it opens.
              path: 'transactions',
              lazy: () => import('../features/transactions/routes/transactions-page.tsx'),
              children: [
                {
                  path: ':id',
                  lazy: () => import('../features/transactions/routes/transaction-page.tsx'),
                },
              ],
            },
            {
              path: 'assets',
              lazy: () => import('../features/assets/routes/assets-page.tsx'),
              children: [
                {
                  path: ':id',
                  lazy: () => import('../features/assets/routes/asset-page.tsx'),
                  children: [
                    { index: true, lazy: () => import('./asset-basic-info-page.tsx') },
                    { path: 'prices', lazy: async () => ({ Component: (await assetTabs()).AssetPricesTab }) },
                    {
                      path: 'prices/table',
                      lazy: async () => ({ Component: (await assetTabs()).AssetPricesTableTab }),
                    },
                    {
                      path: 'positions',
                      lazy: async () => ({ Component: (await assetTabs()).AssetPositionsTab }),
                    },
                    {
                      path: 'transactions',
                      lazy: async () => ({ Component: (await assetTabs()).AssetTransactionsTab }),
                    },
                    { path: 'values', lazy: async () => ({ Component: (await assetTabs()).AssetValuesTab }) },
                    { path: 'tags', lazy: async () => ({ Component: (await assetTabs()).AssetTagsTab }) },
                    {
                      path: 'security-master',
                      lazy: async () => ({ Component: (await assetTabs()).AssetSecurityMasterTab }),
                    },
                    {
                      path: 'contacts',
                      lazy: async () => ({ Component: (await assetTabs()).AssetContactsTab }),
                    },
                    {
                      path: 'documents',
                      lazy: async () => ({ Component: (await assetTabs()).AssetDocumentsTab }),
                    },
                  ],
                },
              ],
            },
            {
              path: 'tags',
              lazy: () => import('../features/tags/routes/tags-page.tsx'),
              children: [{ path: ':id', lazy: () => import('../features/tags/routes/tag-page.tsx') }],
            },
            {
              path: 'income-accounts',
              lazy: async () => ({ Component: (await accounts()).IncomeAccountsPage }),
              children: [
                { path: ':id', lazy: async () => ({ Component: (await accounts()).IncomeAccountPage }) },
              ],
            },
            {
              path: 'expense-accounts',
              lazy: async () => ({ Component: (await accounts()).ExpenseAccountsPage }),
              children: [
                { path: ':id', lazy: async () => ({ Component: (await accounts()).ExpenseAccountPage }) },
              ],
            },
            {
              path: 'currencies',
              lazy: () => import('../features/currencies/routes/currencies-page.tsx'),
              children: [
                {
                  path: ':id',
                  lazy: () => import('../features/currencies/routes/currency-page.tsx'),
                  children: [
                    {
                      index: true,
                      lazy: async () => ({ Component: (await currencyTabs()).CurrencyBasicInfoTab }),
                    },
                    {
                      path: 'prices',
                      lazy: async () => ({ Component: (await currencyTabs()).CurrencyPricesTab }),
                    },
                    {
                      path: 'prices/table',
                      lazy: async () => ({ Component: (await currencyTabs()).CurrencyPricesTableTab }),
                    },
                    {
                      path: 'tags',
                      lazy: async () => ({ Component: (await currencyTabs()).CurrencyTagsTab }),
                    },
                    {
                      path: 'security-master',
                      lazy: async () => ({ Component: (await currencyTabs()).CurrencySecurityMasterTab }),
                    },
                  ],
                },
              ],
            },
            {
              path: 'documents',
              lazy: () => import('../features/documents/routes/documents-page.tsx'),
              children: [
                { path: ':id', lazy: () => import('../features/documents/routes/document-page.tsx') },
              ],
            },
            {
              path: 'contacts',
              lazy: () => import('../features/contacts/routes/contacts-page.tsx'),
              children: [{ path: ':id', lazy: () => import('../features/contacts/routes/contact-page.tsx') }],
            },
            {
              path: 'subscription',
              lazy: () => import('../features/subscription/routes/subscription-page.tsx'),
            },
            {
              path: 'subscription/plans',
              lazy: () => import('../features/subscription/routes/plans-page.tsx'),
            },
            { path: 'account', lazy: () => import('../features/account/routes/account-page.tsx') },
            { path: 'settings', lazy: () => import('../features/account/routes/preferences-page.tsx') },
            { path: 'move-in', lazy: () => import('../features/move-in/routes/move-in-page.tsx') },
            { path: 'permission-denied', Component: PermissionDeniedPage },
            { path: 'upgrade-plan', Component: PermissionDeniedPage },
            { path: 'connectors', lazy: () => import('../features/connectors/routes/connectors-page.tsx') },
            {
              path: 'connectors/callback/:connector',
              lazy: () => import('../features/connectors/routes/connector-callback-page.tsx'),
            },
            {
              path: 'connectors/:connectorId',
              lazy: () => import('../features/connectors/routes/connector-page.tsx'),
            },
            {
              path: 'connectors/:connectorId/:accountId',
              lazy: () => import('../features/connectors/routes/linked-account-page.tsx'),
              children: [
                {
                  path: ':eventId?',
                  lazy: async () => ({
                    Component: (await import('../features/connectors/routes/linked-account-tab-pages.tsx'))
                      .LinkedAccountTransactionsTab,
                  }),
                },
                {
                  path: 'positions/:eventId?',
                  lazy: async () => ({
                    Component: (
                      await import('../features/connectors/routes/linked-account-positions-tab.tsx')
                    ).LinkedAccountPositionsTab,
                  }),
                },
              ],
            },
            {
              path: 'linked-transactions',
              lazy: () => import('../features/linked-data/routes/linked-transactions-page.tsx'),
            },
            {
              path: 'linked-positions',
              lazy: () => import('../features/linked-data/routes/linked-positions-page.tsx'),
            },
            {
              path: 'linked-tagging-rules',
              lazy: () => import('../features/rules/routes/tagging-rules-page.tsx'),
            },
            {
              path: 'linked-mapping-rules',
              lazy: () => import('../features/rules/routes/mapping-rules-page.tsx'),
            },
          ],
        },
      ],
    },
  ];
}
