/**
 * The port every live connector's adapter implements (issue #24): link (a token the browser's flow opens),
 * exchange what the flow answers for a long-lived access secret, list accounts, fetch transactions
 * incrementally from a cursor, holdings and investment transactions where the provider has them, ask for a
 * refresh, disconnect. Adapters speak their provider's protocol and answer these shapes; every failure is a
 * ProviderError, whose kind the sync maps to the seed's statuses (§4: connector ok / failed / pending; sync
 * result success / warning / error / login required).
 */

import type { TLiveConnectorId } from '@strata/contracts/connector-kinds';

export type TProviderId = TLiveConnectorId;

export interface TProviderAccount {
  /** The provider's account id: the linked account's external_id. */
  externalId: string;
  name: string | null;
  /** Last digits the provider shows (Plaid's mask). */
  number: string | null;
  type: string | null;
  currency: string | null;
  /** Current balance as exact decimal text, when the provider tells. */
  balance: string | null;
  /** A brokerage account: its holdings are fetched too. */
  isInvestment: boolean;
}

export interface TProviderTransaction {
  /** The provider's transaction id: the linked transaction's fitid. */
  externalId: string;
  accountExternalId: string;
  /** YYYY-MM-DD. */
  date: string;
  /** Exact decimal text, negative when money leaves the account (this app's sign, not Plaid's). */
  amount: string;
  currency: string | null;
  counterparty: string | null;
  description: string | null;
  category: string | null;
  subcategory: string | null;
  status: 'pending' | 'posted';
  /** A posted transaction that replaces a pending one: the pending one's externalId. */
  replacesPendingId: string | null;
  /** The transaction as the provider sent it (the seed's JSON source view). */
  source: Record<string, unknown>;
}

/** One provider transaction that could not be read; the others of the answer still count. */
export interface TProviderRowFailure {
  externalId: string | null;
  /** The account the row names, when it names one. */
  accountExternalId: string | null;
  message: string;
}

export interface TTransactionChanges {
  added: TProviderTransaction[];
  modified: TProviderTransaction[];
  removed: { externalId: string; accountExternalId: string | null }[];
  failures: TProviderRowFailure[];
  /** What the provider said about the fetch without failing it (SimpleFIN's errors list): the event's message. */
  notices: string[];
  /** Where the next fetch starts; stored only when the changes are written. */
  nextCursor: string | null;
}

export interface THolding {
  accountExternalId: string;
  securityId: string;
  name: string | null;
  ticker: string | null;
  /** Linked securities' kinds: stock, mutual_fund, debt, option, other. */
  kind: 'stock' | 'mutual_fund' | 'debt' | 'option' | 'other';
  /** The holding as the provider sent it (the positions' JSON source view). */
  source: Record<string, unknown>;
  quantity: string;
  price: string | null;
  value: string | null;
  currency: string | null;
  date: string | null;
}

export interface TLinkStart {
  token: string;
  url: string;
  expiration: string | null;
}

export interface TLinkResult {
  /** The long-lived access secret: sealed before it is stored, never answered, never logged. */
  secret: string;
  /** The provider's id of the link (not secret). */
  externalId: string | null;
}

export interface TProvider {
  readonly id: TProviderId;
  readonly name: string;
  /** Starts a link (or a re-link of `secret`'s item whose login expired) for the user. */
  startLink(input: { userId: string; secret?: string }): Promise<TLinkStart>;
  /** Exchanges what the link flow answered (public token, setup token) for the access secret. */
  exchange(token: string): Promise<TLinkResult>;
  listAccounts(secret: string): Promise<TProviderAccount[]>;
  fetchTransactions(secret: string, cursor: string | null): Promise<TTransactionChanges>;
  fetchHoldings(secret: string): Promise<THolding[]>;
  /**
   * A brokerage's buys, sells, dividends, fees and transfers dated within `window` (YYYY-MM-DD, inclusive), as
   * linked transactions (the provider's ids: a window read again adds nothing). Only providers that have them.
   */
  fetchInvestmentTransactions?(
    secret: string,
    window: { from: string; to: string },
  ): Promise<{ rows: TProviderTransaction[]; failures: TProviderRowFailure[] }>;
  /** Asks the provider to look at the bank again now (the next fetch sees what it found). */
  refresh(secret: string): Promise<void>;
  disconnect(secret: string): Promise<void>;
  /**
   * The secret that replaced `secret` while it was used (an OAuth provider refreshed its tokens), once: the
   * caller seals and stores it, since the old refresh token may no longer work. Null when unchanged.
   */
  renewedSecret?(secret: string): string | null;
}

/** A bank or broker an aggregator links (GET institutions/search). */
export interface TInstitution {
  id: string;
  name: string;
  logo: string | null;
  /** ISO 3166 alpha-2, upper case. */
  countries: string[];
  provider: TProviderId;
}

/**
 * A provider whose link sends the user to the bank and back (GoCardless' requisitions): the server starts
 * the authorization with a reference only it knows, and the callback finishes it. The consent the seed's
 * dialog asks for is given before `startAuthorization` is called.
 */
export interface TRedirectProvider extends TProvider {
  /**
   * What GET authorization_url asks for before starting: GoCardless' consent dialog and bank; an OAuth
   * provider asks its own consent on its pages and links one account holder, so neither.
   */
  readonly linkNeeds: { consent: boolean; institution: boolean };
  searchInstitutions(input: { country: string; query: string }): Promise<TInstitution[]>;
  startAuthorization(input: {
    institutionId: string | null;
    redirectUrl: string;
    reference: string;
    language: string | null;
  }): Promise<{ url: string; externalId: string }>;
  /**
   * The access secret once the user finished at the bank; a link not (or no longer) granted is refused.
   * `externalId` is what startAuthorization answered (kept sealed meanwhile: an OAuth provider's PKCE
   * verifier); `callback` is what came back on the redirect (an OAuth provider's authorization code).
   */
  completeAuthorization(
    externalId: string,
    callback: { code: string | null; redirectUrl: string },
  ): Promise<TLinkResult>;
}

export function isRedirectProvider(provider: TProvider): provider is TRedirectProvider {
  return typeof (provider as Partial<TRedirectProvider>).startAuthorization === 'function';
}

export type TProviderErrorKind =
  /** The bank wants the user to sign in again (Plaid ITEM_LOGIN_REQUIRED): sync result 'login required'. */
  | 'login_required'
  | 'rate_limited'
  /** 5xx or no answer, still so after the retries. */
  | 'unavailable'
  /** An answer that is not the documented format. */
  | 'malformed'
  /** Any other refusal (bad credentials, bad request). */
  | 'refused';

/**
 * A provider's failure, safe to log and to show: it carries the provider's code and message only, never
 * the request (whose headers and body hold the client secret and the access token).
 */
export class ProviderError extends Error {
  readonly kind: TProviderErrorKind;
  readonly providerCode: string | null;

  constructor(kind: TProviderErrorKind, message: string, providerCode: string | null = null) {
    super(message);
    this.name = 'ProviderError';
    this.kind = kind;
    this.providerCode = providerCode;
  }
}

export function isProviderError(error: unknown): error is ProviderError {
  return error instanceof ProviderError;
}
