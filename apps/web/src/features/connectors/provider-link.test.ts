import { describe, expect, it } from 'vitest';
import { isProviderConnector, needsReconnect, syncCountsText, syncProgressOf } from './provider-link.ts';

describe('live connectors on the web', () => {
  it('offers Reconnect only to a Plaid connector failed with the login message', () => {
    const login = 'Login required: reconnect this connector to the bank';
    expect(needsReconnect({ access_method: 'plaid', status: 'failed', status_message: login })).toBe(true);
    expect(needsReconnect({ access_method: 'plaid', status: 'failed', status_message: 'timeout' })).toBe(
      false,
    );
    expect(needsReconnect({ access_method: 'plaid', status: 'ok', status_message: null })).toBe(false);
    expect(needsReconnect({ access_method: 'simplefin', status: 'failed', status_message: login })).toBe(
      false,
    );
  });

  it('tells provider connectors from file ones', () => {
    expect(isProviderConnector({ access_method: 'plaid' })).toBe(true);
    expect(isProviderConnector({ access_method: 'simplefin' })).toBe(true);
    expect(isProviderConnector({ access_method: 'gocardless' })).toBe(true);
    expect(isProviderConnector({ access_method: 'arch' })).toBe(true);
    expect(isProviderConnector({ access_method: 'kraken' })).toBe(true);
    expect(isProviderConnector({ access_method: 'cap_table' })).toBe(true);
    expect(isProviderConnector({ access_method: 'manual' })).toBe(false);
    expect(isProviderConnector({ access_method: 'file' })).toBe(false);
    expect(isProviderConnector({ access_method: 'manual' })).toBe(false);
  });

  it("follows the sync task's stages and says its counts", () => {
    expect(syncProgressOf({ status: 'waiting', progress: null })).toEqual({
      percent: 5,
      label: 'Waiting to sync…',
    });
    expect(
      syncProgressOf({
        status: 'running',
        progress: { stage: 'fetched', accounts: 2, added: 3, modified: 1, removed: 0 },
      }),
    ).toEqual({ percent: 70, label: 'Fetched 2 accounts, 4 transactions; writing…' });
    // A new connector's link account task, before its fetch.
    expect(syncProgressOf({ status: 'running', progress: { stage: 'linking', provider: 'plaid' } })).toEqual({
      percent: 15,
      label: 'Linking accounts…',
    });
    expect(
      syncProgressOf({ status: 'running', progress: { stage: 'linked', provider: 'plaid', accounts: 1 } }),
    ).toEqual({ percent: 25, label: 'Linked 1 account; fetching transactions…' });
    expect(
      syncCountsText({ added: 3, updated: 1, removed: 2, skipped_duplicate: 0, failed: 1, message: 'x' }),
    ).toBe('3 added, 1 updated, 2 removed, 0 skipped as duplicates, 1 failed');
    expect(syncCountsText(null)).toBe('0 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed');
    expect(syncCountsText({ added: 0, positions: { added: 3 } })).toBe(
      '0 added, 0 updated, 0 removed, 0 skipped as duplicates, 0 failed; 3 positions',
    );
  });
});
