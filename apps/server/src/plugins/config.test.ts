import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

function problemsOf(env: Record<string, string>): Record<string, string> {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return Object.fromEntries((error as ConfigError).problems.map(({ name, problem }) => [name, problem]));
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the defaults to an empty environment', () => {
    const config = loadConfig({});
    expect(config).toEqual({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: resolve('./data'),
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      NODE_ENV: 'development',
      WEB_DIST_DIR: resolve(import.meta.dirname, '../../../web/dist'),
      WEB_SOURCE_MAPS: false,
      TRUST_PROXY: false,
      OIDC_NAME: 'Single sign-on',
      OIDC_DISCOVERY_RETRY: 5,
      AUTH_RATE_LIMIT_WINDOW: 60,
      AUTH_RATE_LIMIT_MAX: 5,
      AUTH_ACCOUNT_RATE_LIMIT_WINDOW: 900,
      AUTH_ACCOUNT_RATE_LIMIT_MAX: 10,
      AUTH_OTP_EXPIRES_IN: 600,
      DEFAULT_PLAN: 'professional',
      DEFAULT_SUBSCRIPTION_STATUS: 'active',
      FILE_STORE: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: false,
      UPLOAD_MAX_BYTES: 104857600,
      JOURNAL_UPLOAD_MAX_BYTES: 200000000,
      JOBS_WORKER: true,
      WORKER_PORT: 3001,
      JOBS_SHUTDOWN_SECONDS: 25,
      ANALYTICS_COMPUTE: 'here',
      ANALYTICS_WORKERS: 1,
      MARKET_DATA_PROVIDER: 'none',
      YAHOO_BASE_URL: 'https://query2.finance.yahoo.com',
      EODHD_BASE_URL: 'https://eodhd.com',
      FX_PROVIDER: 'none',
      ECB_BASE_URL: 'https://www.ecb.europa.eu',
      CRYPTO_PROVIDER: 'none',
      COINGECKO_BASE_URL: 'https://api.coingecko.com',
      COINGECKO_VS_CURRENCY: 'USD',
      MARKET_DATA_START: '2020-01-01',
      MARKET_DATA_SYNC_CRON: '30 22 * * 1-5',
      CONNECTOR_SECRETS_KEY_ID: 'primary',
      PLAID_ENV: 'sandbox',
      PLAID_COUNTRY_CODES: 'US',
      PLAID_PRODUCTS: 'transactions',
      PLAID_LINK_SCRIPT_URL: 'https://cdn.plaid.com/link/v2/stable/link-initialize.js',
      PLAID_CLIENT_NAME: 'Strata',
      SIMPLEFIN_ENABLED: false,
      SIMPLEFIN_ALLOW_HTTP: false,
      GOCARDLESS_BASE_URL: 'https://bankaccountdata.gocardless.com',
      GOCARDLESS_LOGO_ORIGINS: ['https://cdn-logos.gocardless.com', 'https://storage.googleapis.com'],
      ARCH_ENABLED: false,
      ARCH_BASE_URL: 'https://api.arch.co',
      CAP_TABLE_NAME: 'Carta',
      CAP_TABLE_AUTHORIZE_URL: 'https://login.app.carta.com/o/authorize/',
      CAP_TABLE_TOKEN_URL: 'https://login.app.carta.com/o/access_token/',
      CAP_TABLE_API_URL: 'https://api.carta.com',
      CAP_TABLE_SCOPES: 'read_portfolio_info read_portfolio_securities',
      CAP_TABLE_TOKEN_AUTH: 'client_secret_basic',
      KRAKEN_ENABLED: false,
      KRAKEN_BASE_URL: 'https://api.kraken.com',
      PROVIDER_RETRIES: 3,
      PROVIDER_RETRY_BASE_MS: 500,
      PROVIDER_RETRY_MAX_MS: 30000,
      HUBSPOT_BASE_URL: 'https://api.hubapi.com',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/strata',
      DATABASE_URL: 'postgres://app:secret@db:5432/strata',
      TEST_DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      PUBLIC_URL: 'https://strata.example.com/',
      LOG_LEVEL: 'debug',
      WEB_DIST_DIR: 'custom/dist',
      WEB_SOURCE_MAPS: 'true',
      NODE_ENV: 'production',
      TRUST_PROXY: 'true',
      AUTH_SECRET: 'a-secret-of-at-least-thirty-two-characters',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'strata',
      OIDC_CLIENT_SECRET: 'client-secret',
      OIDC_NAME: 'Example ID',
      OIDC_DISCOVERY_RETRY: '0.5',
      MAIL_FROM: 'Strata <no-reply@example.com>',
      AUTH_RATE_LIMIT_WINDOW: '30',
      AUTH_RATE_LIMIT_MAX: '10',
      AUTH_ACCOUNT_RATE_LIMIT_WINDOW: '600',
      AUTH_ACCOUNT_RATE_LIMIT_MAX: '20',
      AUTH_OTP_EXPIRES_IN: '300',
      FILE_STORE: 's3',
      S3_BUCKET: 'strata-files',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: 'true',
      UPLOAD_MAX_BYTES: '1048576',
      JOURNAL_UPLOAD_MAX_BYTES: '2097152',
      JOBS_WORKER: 'false',
      WORKER_PORT: '9100',
      JOBS_SHUTDOWN_SECONDS: '60',
      METRICS_TOKEN: 'metrics-token-of-32-characters-x',
      ANALYTICS_COMPUTE: 'workers',
      ANALYTICS_WORKERS: '3',
      MARKET_DATA_PROVIDER: 'eodhd',
      YAHOO_BASE_URL: 'http://127.0.0.1:9001',
      EODHD_API_KEY: 'eodhd-key',
      EODHD_BASE_URL: 'http://127.0.0.1:9002',
      FX_PROVIDER: 'ecb',
      ECB_BASE_URL: 'http://127.0.0.1:9003',
      CRYPTO_PROVIDER: 'coingecko',
      COINGECKO_BASE_URL: 'http://127.0.0.1:9005',
      COINGECKO_DEMO_API_KEY: 'CG-demo',
      COINGECKO_VS_CURRENCY: 'eur',
      MARKET_DATA_START: '2021-06-01',
      MARKET_DATA_SYNC_CRON: '0 23 * * 1-5',
      CONNECTOR_SECRETS_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
      CONNECTOR_SECRETS_KEY_ID: 'key-2026',
      CONNECTOR_SECRETS_PREVIOUS_KEYS:
        'key-2025:00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
      PLAID_CLIENT_ID: 'plaid-client',
      PLAID_SECRET: 'plaid-secret',
      PLAID_ENV: 'production',
      PLAID_BASE_URL: 'http://127.0.0.1:9004',
      PLAID_COUNTRY_CODES: 'US,CA',
      PLAID_PRODUCTS: 'transactions,investments',
      PLAID_REDIRECT_URI: 'https://strata.example.com/oauth',
      PLAID_LINK_SCRIPT_URL: 'http://127.0.0.1:9005/link-initialize.js',
      PLAID_CLIENT_NAME: 'Strata Wealth',
      SIMPLEFIN_ENABLED: 'true',
      SIMPLEFIN_ALLOW_HTTP: 'true',
      GOCARDLESS_SECRET_ID: 'gc-id',
      GOCARDLESS_SECRET_KEY: 'gc-key',
      GOCARDLESS_BASE_URL: 'http://127.0.0.1:9005',
      GOCARDLESS_LOGO_ORIGINS: ' http://127.0.0.1:9005/logos/ , https://logos.example.com',
      ARCH_ENABLED: 'true',
      ARCH_BASE_URL: 'http://127.0.0.1:9006',
      CAP_TABLE_NAME: 'Pulley',
      CAP_TABLE_CLIENT_ID: 'ct-id',
      CAP_TABLE_CLIENT_SECRET: 'ct-secret',
      CAP_TABLE_AUTHORIZE_URL: 'http://127.0.0.1:9007/authorize',
      CAP_TABLE_TOKEN_URL: 'http://127.0.0.1:9007/token',
      CAP_TABLE_API_URL: 'http://127.0.0.1:9007/api',
      CAP_TABLE_SCOPES: 'portfolio',
      CAP_TABLE_TOKEN_AUTH: 'client_secret_post',
      KRAKEN_ENABLED: 'true',
      KRAKEN_BASE_URL: 'http://127.0.0.1:9007',
      PROVIDER_RETRIES: '5',
      PROVIDER_RETRY_BASE_MS: '100',
      PROVIDER_RETRY_MAX_MS: '2000',
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      AI_API_KEY: 'ai-key',
      AI_MODEL: 'qwen2.5:7b-instruct',
      SENTRY_DSN: 'https://publickey@errors.example.com/3',
      SENTRY_WEB_DSN: 'https://webkey@errors.example.com/4',
      SENTRY_ENVIRONMENT: 'staging',
      HUBSPOT_ACCESS_TOKEN: 'pat-na1-token',
      HUBSPOT_BASE_URL: 'http://127.0.0.1:9005',
      HUBSPOT_SCRIPT_URL: 'https://js.hs-scripts.com/123456.js',
    });
    expect(config).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/strata',
      DATABASE_URL: 'postgres://app:secret@db:5432/strata',
      TEST_DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/postgres',
      SMTP_URL: 'smtps://user:pass@mail.example.com:465',
      PUBLIC_URL: 'https://strata.example.com',
      LOG_LEVEL: 'debug',
      WEB_DIST_DIR: resolve('custom/dist'),
      WEB_SOURCE_MAPS: true,
      NODE_ENV: 'production',
      TRUST_PROXY: true,
      AUTH_SECRET: 'a-secret-of-at-least-thirty-two-characters',
      OIDC_ISSUER: 'https://id.example.com',
      OIDC_CLIENT_ID: 'strata',
      OIDC_CLIENT_SECRET: 'client-secret',
      OIDC_NAME: 'Example ID',
      OIDC_DISCOVERY_RETRY: 0.5,
      MAIL_FROM: 'Strata <no-reply@example.com>',
      AUTH_RATE_LIMIT_WINDOW: 30,
      AUTH_RATE_LIMIT_MAX: 10,
      AUTH_ACCOUNT_RATE_LIMIT_WINDOW: 600,
      AUTH_ACCOUNT_RATE_LIMIT_MAX: 20,
      AUTH_OTP_EXPIRES_IN: 300,
      DEFAULT_PLAN: 'professional',
      DEFAULT_SUBSCRIPTION_STATUS: 'active',
      FILE_STORE: 's3',
      S3_BUCKET: 'strata-files',
      S3_REGION: 'eu-west-1',
      S3_ENDPOINT: 'https://s3.example.com',
      S3_FORCE_PATH_STYLE: true,
      UPLOAD_MAX_BYTES: 1048576,
      JOURNAL_UPLOAD_MAX_BYTES: 2097152,
      JOBS_WORKER: false,
      WORKER_PORT: 9100,
      JOBS_SHUTDOWN_SECONDS: 60,
      METRICS_TOKEN: 'metrics-token-of-32-characters-x',
      ANALYTICS_COMPUTE: 'workers',
      ANALYTICS_WORKERS: 3,
      MARKET_DATA_PROVIDER: 'eodhd',
      YAHOO_BASE_URL: 'http://127.0.0.1:9001',
      EODHD_API_KEY: 'eodhd-key',
      EODHD_BASE_URL: 'http://127.0.0.1:9002',
      FX_PROVIDER: 'ecb',
      ECB_BASE_URL: 'http://127.0.0.1:9003',
      CRYPTO_PROVIDER: 'coingecko',
      COINGECKO_BASE_URL: 'http://127.0.0.1:9005',
      COINGECKO_DEMO_API_KEY: 'CG-demo',
      COINGECKO_VS_CURRENCY: 'EUR',
      MARKET_DATA_START: '2021-06-01',
      MARKET_DATA_SYNC_CRON: '0 23 * * 1-5',
      CONNECTOR_SECRETS_KEY: '00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
      CONNECTOR_SECRETS_KEY_ID: 'key-2026',
      CONNECTOR_SECRETS_PREVIOUS_KEYS:
        'key-2025:00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff',
      PLAID_CLIENT_ID: 'plaid-client',
      PLAID_SECRET: 'plaid-secret',
      PLAID_ENV: 'production',
      PLAID_BASE_URL: 'http://127.0.0.1:9004',
      PLAID_COUNTRY_CODES: 'US,CA',
      PLAID_PRODUCTS: 'transactions,investments',
      PLAID_REDIRECT_URI: 'https://strata.example.com/oauth',
      PLAID_LINK_SCRIPT_URL: 'http://127.0.0.1:9005/link-initialize.js',
      PLAID_CLIENT_NAME: 'Strata Wealth',
      SIMPLEFIN_ENABLED: true,
      SIMPLEFIN_ALLOW_HTTP: true,
      GOCARDLESS_SECRET_ID: 'gc-id',
      GOCARDLESS_SECRET_KEY: 'gc-key',
      GOCARDLESS_BASE_URL: 'http://127.0.0.1:9005',
      GOCARDLESS_LOGO_ORIGINS: ['http://127.0.0.1:9005', 'https://logos.example.com'],
      ARCH_ENABLED: true,
      ARCH_BASE_URL: 'http://127.0.0.1:9006',
      CAP_TABLE_NAME: 'Pulley',
      CAP_TABLE_CLIENT_ID: 'ct-id',
      CAP_TABLE_CLIENT_SECRET: 'ct-secret',
      CAP_TABLE_AUTHORIZE_URL: 'http://127.0.0.1:9007/authorize',
      CAP_TABLE_TOKEN_URL: 'http://127.0.0.1:9007/token',
      CAP_TABLE_API_URL: 'http://127.0.0.1:9007/api',
      CAP_TABLE_SCOPES: 'portfolio',
      CAP_TABLE_TOKEN_AUTH: 'client_secret_post',
      KRAKEN_ENABLED: true,
      KRAKEN_BASE_URL: 'http://127.0.0.1:9007',
      PROVIDER_RETRIES: 5,
      PROVIDER_RETRY_BASE_MS: 100,
      PROVIDER_RETRY_MAX_MS: 2000,
      AI_BASE_URL: 'http://127.0.0.1:11434/v1/',
      AI_API_KEY: 'ai-key',
      AI_MODEL: 'qwen2.5:7b-instruct',
      SENTRY_DSN: 'https://publickey@errors.example.com/3',
      SENTRY_WEB_DSN: 'https://webkey@errors.example.com/4',
      SENTRY_ENVIRONMENT: 'staging',
      HUBSPOT_ACCESS_TOKEN: 'pat-na1-token',
      HUBSPOT_BASE_URL: 'http://127.0.0.1:9005',
      HUBSPOT_SCRIPT_URL: 'https://js.hs-scripts.com/123456.js',
    });
  });

  it('derives PUBLIC_URL from PORT', () => {
    expect(loadConfig({ PORT: '4321' }).PUBLIC_URL).toBe('http://localhost:4321');
  });

  it('treats empty and blank values as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: ' ', SMTP_URL: '' });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PORT).toBe(3000);
  });

  it('lists every bad variable at once', () => {
    const problems = problemsOf({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/strata',
      SMTP_URL: 'not a url',
      PUBLIC_URL: 'ftp://example.com',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'staging',
    });
    expect(problems).toEqual({
      PORT: 'must be a number',
      DATABASE_URL: 'must start with postgres:// or postgresql://',
      SMTP_URL: 'must be a URL',
      PUBLIC_URL: 'must start with http:// or https://',
      LOG_LEVEL: 'must be one of fatal, error, warn, info, debug, trace, silent',
      NODE_ENV: 'must be development, production or test',
    });
  });

  it('rejects ports out of range', () => {
    expect(problemsOf({ PORT: '70000' })).toEqual({ PORT: 'must be between 0 and 65535' });
    expect(problemsOf({ PORT: '80.5' })).toEqual({ PORT: 'must be an integer' });
  });

  it('puts each problem on its own line of the message', () => {
    expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' })).toThrow(
      'Invalid configuration:\n  PORT: must be a number\n  LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent',
    );
  });

  it('refuses a DSN without its key or project', () => {
    expect(problemsOf({ SENTRY_DSN: 'https://errors.example.com/3', SENTRY_WEB_DSN: 'not a dsn' })).toEqual({
      SENTRY_DSN: 'must be a DSN like https://<key>@<host>/<project>',
      SENTRY_WEB_DSN: 'must be a DSN like https://<key>@<host>/<project>',
    });
    expect(problemsOf({ SENTRY_DSN: 'https://with-hyphen@errors.example.com/3' })).toEqual({
      SENTRY_DSN: 'must be a DSN like https://<key>@<host>/<project>',
    });
    expect(problemsOf({ SENTRY_DSN: 'https://key@errors.example.com/' })).toEqual({
      SENTRY_DSN: 'must be a DSN like https://<key>@<host>/<project>',
    });
  });

  it('needs the chat widget token and script together', () => {
    expect(problemsOf({ HUBSPOT_ACCESS_TOKEN: 'pat' })).toEqual({
      HUBSPOT_SCRIPT_URL: 'is required when HUBSPOT_ACCESS_TOKEN is set',
    });
    expect(problemsOf({ HUBSPOT_SCRIPT_URL: 'https://js.hs-scripts.com/1.js' })).toEqual({
      HUBSPOT_ACCESS_TOKEN: 'is required when HUBSPOT_SCRIPT_URL is set',
    });
  });

  it('refuses GoCardless logo origins that are not http(s)', () => {
    expect(
      problemsOf({ GOCARDLESS_LOGO_ORIGINS: 'https://logos.example.com,ftp://files.example.com' }),
    ).toEqual({
      GOCARDLESS_LOGO_ORIGINS: 'must be http(s) origins, comma-separated: ftp://files.example.com',
    });
  });

  it('refuses a metrics token short enough to guess', () => {
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual({
      METRICS_TOKEN: 'must be at least 16 characters',
    });
  });

  it('sends analytics to workers only on PostgreSQL (the embedded database has no other processes)', () => {
    expect(problemsOf({ ANALYTICS_COMPUTE: 'workers' })).toEqual({
      ANALYTICS_COMPUTE: 'workers needs DATABASE_URL: the embedded database has no other processes',
    });
    expect(problemsOf({ ANALYTICS_COMPUTE: 'elsewhere' })).toEqual({
      ANALYTICS_COMPUTE: 'must be here or workers',
    });
  });

  it('needs a bucket when files go to S3', () => {
    expect(problemsOf({ FILE_STORE: 's3' })).toEqual({ S3_BUCKET: 'is required when FILE_STORE=s3' });
    expect(problemsOf({ MARKET_DATA_SYNC_CRON: 'nightly' })).toEqual({
      MARKET_DATA_SYNC_CRON: 'must be a cron expression (UTC, e.g. 30 22 * * 1-5) or off',
    });
  });

  it('needs a model name with an assistant address, and an http(s) address', () => {
    expect(problemsOf({ AI_BASE_URL: 'http://127.0.0.1:8080/v1' })).toEqual({
      AI_MODEL: 'is required when AI_BASE_URL is set',
    });
    expect(problemsOf({ AI_BASE_URL: 'ftp://models.example.com', AI_MODEL: 'm' })).toEqual({
      AI_BASE_URL: 'must be an http:// or https:// URL',
    });
  });
});
