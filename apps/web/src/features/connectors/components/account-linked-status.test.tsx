import type { TAsset } from '@strata/contracts/assets';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { modals } from '../../../shared/modals/modal-store.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AccountLinkedStatus } from './account-linked-status.tsx';

const NOW = '2026-11-27T00:00:00.000Z';
const account = (patch: Partial<TAsset>): TAsset => ({
  id: 'acct-1',
  repository_id: 'r1',
  name: 'Everyday checking',
  ticker: null,
  currency: 'USD',
  type: 'bank account',
  description: null,
  currency_asset: null,
  parent_id: null,
  tags: [],
  properties: {},
  is_readonly: false,
  linked_id: null,
  linked_security_id: null,
  linked_account_id: null,
  connector_status: null,
  connector_status_message: null,
  security_info_ticker: null,
  deleted_at: null,
  created_at: NOW,
  created_by: null,
  updated_at: NOW,
  updated_by: null,
  version: 1,
  ...patch,
});

describe("an account's linked account", () => {
  afterEach(() => modals.closeAll());

  it("shows the connector's status and message and opens the account connector panel", async () => {
    renderWithProviders(
      <AccountLinkedStatus
        repositoryId="r1"
        asset={account({
          linked_account_id: 'la-1',
          connector_status: 'failed',
          connector_status_message: 'login required',
        })}
      />,
    );
    expect(screen.getByText('Linked account')).toBeTruthy();
    expect(screen.getByLabelText('Connector status Failed')).toBeTruthy();
    expect(screen.getByText('login required')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Open linked data' }));
    await waitFor(() => expect(modals.getSnapshot()).toHaveLength(1));
    expect(modals.getSnapshot().map((entry) => [entry.id, entry.title])).toEqual([
      ['account-connector-acct-1', 'Everyday checking · bank account'],
    ]);
  });

  it('shows nothing for an account no connector feeds', () => {
    renderWithProviders(<AccountLinkedStatus repositoryId="r1" asset={account({})} />);
    expect(screen.queryByText('Linked account')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open linked data' })).toBeNull();
  });
});
