import { describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../../../plugins/config.ts';
import { createProviderRegistry } from './provider-registry.ts';
import { ZProvidersEnv } from './providers-config.ts';

const KEY = Buffer.alloc(32, 3).toString('base64');

function registryOf(env: Record<string, string>) {
  return createProviderRegistry(ZProvidersEnv.parse(env));
}

describe('provider registry', () => {
  it('lists every provider as not available on a server that configures none, and never crashes', () => {
    const registry = registryOf({});
    expect(registry.list().map(({ id, available }) => [id, available])).toEqual([
      ['plaid', false],
      ['simplefin', false],
      ['gocardless', false],
      ['arch', false],
      ['cap_table', false],
      ['kraken', false],
    ]);
    expect(registry.get('plaid')).toBeNull();
    expect(() => registry.require('plaid')).toThrow('Connector not available');
    expect(() => registry.require('coinbase')).toThrow('Connector not available');
    expect(registry.secrets).toBeNull();
  });

  it('needs the secrets key besides the provider’s own variables: no token is ever stored in clear', () => {
    expect(
      registryOf({ PLAID_CLIENT_ID: 'id', PLAID_SECRET: 's', SIMPLEFIN_ENABLED: 'true' }).get('plaid'),
    ).toBeNull();
    expect(
      registryOf({
        GOCARDLESS_SECRET_ID: 'id',
        GOCARDLESS_SECRET_KEY: 'k',
        ARCH_ENABLED: 'true',
        KRAKEN_ENABLED: 'true',
      })
        .list()
        .filter((info) => info.available),
    ).toEqual([]);
    const configured = registryOf({
      PLAID_CLIENT_ID: 'id',
      PLAID_SECRET: 's',
      SIMPLEFIN_ENABLED: 'true',
      GOCARDLESS_SECRET_ID: 'id',
      GOCARDLESS_SECRET_KEY: 'k',
      ARCH_ENABLED: 'true',
      CAP_TABLE_CLIENT_ID: 'ct-id',
      CAP_TABLE_CLIENT_SECRET: 'ct-secret',
      KRAKEN_ENABLED: 'true',
      CONNECTOR_SECRETS_KEY: KEY,
    });
    expect(configured.list().map(({ id, available, flow }) => [id, available, flow])).toEqual([
      ['plaid', true, 'overlay'],
      ['simplefin', true, 'token'],
      ['gocardless', true, 'redirect'],
      ['arch', true, 'credentials'],
      ['cap_table', true, 'redirect'],
      ['kraken', true, 'credentials'],
    ]);
    // Listed under the operator's name for it, Carta unless told otherwise.
    expect(configured.list().find((info) => info.id === 'cap_table')?.name).toBe('Carta');
    expect(
      registryOf({ CAP_TABLE_NAME: 'Pulley', CAP_TABLE_CLIENT_ID: 'ct-id', CONNECTOR_SECRETS_KEY: KEY })
        .list()
        .find((info) => info.id === 'cap_table'),
    ).toMatchObject({ name: 'Pulley', available: false });
    expect(configured.require('plaid').id).toBe('plaid');
    expect(configured.secrets?.currentKeyId).toBe('primary');
    // Plaid without its secret is not configured.
    expect(registryOf({ PLAID_CLIENT_ID: 'id', CONNECTOR_SECRETS_KEY: KEY }).get('plaid')).toBeNull();
    // GoCardless needs both halves of its user secret.
    expect(
      registryOf({ GOCARDLESS_SECRET_ID: 'id', CONNECTOR_SECRETS_KEY: KEY }).get('gocardless'),
    ).toBeNull();
  });

  it('refuses a key that is not 32 bytes, and bad previous keys, at start', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: '/tmp/strata-config-test', ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ CONNECTOR_SECRETS_KEY: 'c2hvcnQ=' })).toEqual([
      { name: 'CONNECTOR_SECRETS_KEY', problem: 'must be 32 bytes, as base64 or hex' },
    ]);
    expect(problems({ CONNECTOR_SECRETS_KEY: KEY, CONNECTOR_SECRETS_PREVIOUS_KEYS: 'old' })).toEqual([
      { name: 'CONNECTOR_SECRETS_PREVIOUS_KEYS', problem: 'must be id:key pairs separated by commas' },
    ]);
    expect(problems({ PLAID_ENV: 'development' })).toEqual([
      { name: 'PLAID_ENV', problem: 'must be sandbox or production' },
    ]);
  });
});
