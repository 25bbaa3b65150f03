// Plaid Link across an OAuth bank's redirect (https://plaid.com/docs/link/oauth/): the bank sends the browser
// back to PLAID_REDIRECT_URI with `oauth_state_id`, and Link must be opened again with the same link token and
// `receivedRedirectUri` (that address) to finish. The token and what the link was for are kept in this tab's
// sessionStorage while Link is open, and taken (once) when the browser comes back.

const KEY = 'strata.plaid-link';
/** Plaid's link tokens live four hours; a bank's sign-in that takes longer than this is started again. */
export const RESUME_WINDOW_MS = 30 * 60 * 1000;

export interface TPlaidLinkSaved {
  token: string;
  /** The Link script's address, as the access token answered it. */
  url: string;
  repositoryId: string;
  /** Update mode: the connector being re-linked. */
  connector?: { id: string; name: string };
  savedAt: number;
}

export function savePlaidLink(storage: Storage, saved: Omit<TPlaidLinkSaved, 'savedAt'>, now: number): void {
  storage.setItem(KEY, JSON.stringify({ ...saved, savedAt: now }));
}

export function forgetPlaidLink(storage: Storage): void {
  storage.removeItem(KEY);
}

/** The saved link, removed as it is read: null when none, unreadable, or older than RESUME_WINDOW_MS. */
export function takePlaidLink(storage: Storage, now: number): TPlaidLinkSaved | null {
  const text = storage.getItem(KEY);
  storage.removeItem(KEY);
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as Partial<TPlaidLinkSaved>;
    const isWhole =
      typeof saved.token === 'string' &&
      typeof saved.url === 'string' &&
      typeof saved.repositoryId === 'string' &&
      typeof saved.savedAt === 'number';
    if (!isWhole || now - (saved.savedAt as number) > RESUME_WINDOW_MS) return null;
    return saved as TPlaidLinkSaved;
  } catch {
    return null;
  }
}

/** Whether this address is an OAuth bank sending the browser back to Link. */
export function isPlaidOAuthReturn(href: string): boolean {
  return new URL(href).searchParams.has('oauth_state_id');
}

export const PLAID_RESUME_LOST =
  'The bank sent you back, but this tab no longer has the Plaid link it started: connect again';
