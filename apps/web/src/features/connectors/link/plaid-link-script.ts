// Plaid Link's documented web API (https://plaid.com/docs/link/web/): the script defines `window.Plaid`, whose
// `create` takes the link token and callbacks and answers a handler that opens the overlay.
//
// A loader of our own instead of `react-plaid-link`: that package loads the script from a fixed CDN address,
// and ours comes from the server (PLAID_LINK_SCRIPT_URL), so an operator can mirror it and the tests can stand
// a local script in for Plaid's.

export interface TPlaidLinkMetadata {
  institution?: { name?: string | null; institution_id?: string | null } | null;
  accounts?: { id: string; name?: string | null }[];
}

export interface TPlaidLinkError {
  error_code?: string;
  error_message?: string;
  display_message?: string | null;
}

export interface TPlaidCreateConfig {
  token: string;
  /** Back from an OAuth bank: the address it sent the browser to, with its oauth_state_id. */
  receivedRedirectUri?: string;
  onSuccess: (publicToken: string, metadata: TPlaidLinkMetadata) => void;
  onExit?: (error: TPlaidLinkError | null, metadata?: TPlaidLinkMetadata) => void;
}

export interface TPlaidLinkHandler {
  open(): void;
  exit?(): void;
  destroy?(): void;
}

export interface TPlaidGlobal {
  create(config: TPlaidCreateConfig): TPlaidLinkHandler;
}

declare global {
  interface Window {
    Plaid?: TPlaidGlobal;
  }
}

export const PLAID_SCRIPT_FAILED = 'Plaid Link could not be loaded: try again later';

const loads = new Map<string, Promise<TPlaidGlobal>>();

/** Loads the Link script once per address; a failed load is forgotten so the next try loads again. */
export function loadPlaidLink(url: string): Promise<TPlaidGlobal> {
  if (window.Plaid) return Promise.resolve(window.Plaid);
  const known = loads.get(url);
  if (known) return known;
  const loading = new Promise<TPlaidGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => (window.Plaid ? resolve(window.Plaid) : reject(new Error(PLAID_SCRIPT_FAILED)));
    script.onerror = () => {
      script.remove();
      reject(new Error(PLAID_SCRIPT_FAILED));
    };
    document.head.append(script);
  });
  loads.set(url, loading);
  loading.catch(() => loads.delete(url));
  return loading;
}
