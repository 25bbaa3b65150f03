// What the /connectors screens call to link a live account. The flows themselves (the chooser, the consent
// dialog, Plaid Link's loader and overlay) load only when asked, so the route's own script stays small.

export function openConnect(repositoryId: string): void {
  void import('./connect-chooser.tsx').then((module) => module.openConnectChooser(repositoryId));
}

/** 'Reconnect' after 'login required': Plaid Link in update mode on the same item, then a sync. */
export function reconnectConnector(repositoryId: string, connector: { id: string; name: string }): void {
  void import('./plaid-link.tsx').then((module) => module.startPlaidLink({ repositoryId, connector }));
}

let resumedHref: string | null = null;

/**
 * The connectors page opened by an OAuth bank sending the browser back to Plaid Link (PLAID_REDIRECT_URI with
 * `oauth_state_id`): Link resumes once per address, even when React runs the page's effect twice.
 */
export function resumePlaidLinkAfterRedirect(href: string): void {
  if (resumedHref === href) return;
  resumedHref = href;
  void import('./plaid-link.tsx').then((module) => module.resumePlaidLink(href));
}
