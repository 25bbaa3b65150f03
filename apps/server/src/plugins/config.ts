import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { ZErrorReportsEnv } from '../error-reports/error-reports-config.ts';
import { ZAssistantEnv } from '../features/assistant/assistant-config.ts';
import { ZAuthEnv } from '../features/auth/auth-config.ts';
import { ZChatEnv } from '../features/chat/chat-config.ts';
import { ZProvidersEnv } from '../features/linked-data/providers/providers-config.ts';
import { ZMarketDataEnv } from '../features/market-data/providers/provider-registry.ts';
import { ZSubscriptionEnv } from '../features/subscription/subscription-defaults.ts';
import { ZJobsEnv } from '../jobs/jobs-config.ts';
import { ZFileStoreEnv } from '../storage/file-store-config.ts';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

function urlWithProtocols(protocols: readonly string[]) {
  return z.string().check((context) => {
    if (!URL.canParse(context.value)) {
      context.issues.push({ code: 'custom', message: 'must be a URL', input: context.value });
    } else if (!protocols.includes(new URL(context.value).protocol)) {
      const message = `must start with ${protocols.map((protocol) => `${protocol}//`).join(' or ')}`;
      context.issues.push({ code: 'custom', message, input: context.value });
    }
  });
}

const postgresUrl = urlWithProtocols(['postgres:', 'postgresql:']);

// Empty strings count as unset: `DATABASE_URL=` in a shell or a .env file means "not configured".
const ZRawEnv = z
  .object({
    PORT: z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be an integer' })
      .min(0, { error: 'must be between 0 and 65535' })
      .max(65535, { error: 'must be between 0 and 65535' })
      .default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: postgresUrl.optional(),
    TEST_DATABASE_URL: postgresUrl.optional(),
    SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
    PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    WEB_DIST_DIR: z.string().optional(),
    /** Serve the web app's `.map` files (they show the source); the build writes them only when this is set too. */
    WEB_SOURCE_MAPS: z.stringbool({ error: 'must be true or false' }).default(false),
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    /** Trust X-Forwarded-* from a reverse proxy, so rate limits key on the client's address. */
    TRUST_PROXY: z.stringbool({ error: 'must be true or false' }).default(false),
    ...ZAuthEnv.omit({ SMTP_URL: true }).shape,
    // Validated here so a bad value stops the start; the subscription feature reads them where it decides.
    ...ZSubscriptionEnv.shape,
    ...ZFileStoreEnv.shape,
    ...ZJobsEnv.shape,
    ...ZMarketDataEnv.shape,
    ...ZProvidersEnv.shape,
    ...ZAssistantEnv.shape,
    ...ZErrorReportsEnv.shape,
    ...ZChatEnv.shape,
    /**
     * Bearer token that GET /metrics asks for; unset, /metrics answers 404 (never public by default). At
     * least 16 characters: it guards what an attacker would like to read about the installation.
     */
    METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
    /**
     * Where analytics are computed: 'here' (this process's worker threads) or 'workers' (queued for the job
     * workers, `npm run worker`, which announce the result to every instance; PostgreSQL only). API-only
     * instances of a scaled deployment set 'workers' (docs/deploy.md).
     */
    ANALYTICS_COMPUTE: z.enum(['here', 'workers'], { error: 'must be here or workers' }).default('here'),
    /** Worker threads computing analytics in this process; more threads serve more repositories at once. */
    ANALYTICS_WORKERS: z.coerce
      .number({ error: 'must be a number' })
      .int({ error: 'must be an integer' })
      .min(1, { error: 'must be between 1 and 64' })
      .max(64, { error: 'must be between 1 and 64' })
      .default(1),
  })
  .refine((env) => env.FILE_STORE !== 's3' || env.S3_BUCKET, {
    error: 'is required when FILE_STORE=s3',
    path: ['S3_BUCKET'],
  })
  .refine((env) => env.ANALYTICS_COMPUTE !== 'workers' || env.DATABASE_URL, {
    error: 'workers needs DATABASE_URL: the embedded database has no other processes',
    path: ['ANALYTICS_COMPUTE'],
  })
  .refine((env) => env.MARKET_DATA_PROVIDER !== 'eodhd' || env.EODHD_API_KEY, {
    error: 'is required when MARKET_DATA_PROVIDER=eodhd',
    path: ['EODHD_API_KEY'],
  })
  // A base address without a model would leave the assistant silently off.
  .refine((env) => !env.AI_BASE_URL || env.AI_MODEL, {
    error: 'is required when AI_BASE_URL is set',
    path: ['AI_MODEL'],
  })
  .refine((env) => !env.HUBSPOT_ACCESS_TOKEN || env.HUBSPOT_SCRIPT_URL, {
    error: 'is required when HUBSPOT_ACCESS_TOKEN is set',
    path: ['HUBSPOT_SCRIPT_URL'],
  })
  .refine((env) => !env.HUBSPOT_SCRIPT_URL || env.HUBSPOT_ACCESS_TOKEN, {
    error: 'is required when HUBSPOT_SCRIPT_URL is set',
    path: ['HUBSPOT_ACCESS_TOKEN'],
  });

export type TConfig = Omit<z.infer<typeof ZRawEnv>, 'PUBLIC_URL' | 'WEB_DIST_DIR'> & {
  /** Absolute. */
  DATA_DIR: string;
  /** Without a trailing slash. */
  PUBLIC_URL: string;
  /** Absolute. */
  WEB_DIST_DIR: string;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The loaded configuration, for features that read a setting of their own (ANALYTICS_WORKERS, …). */
    config: TConfig;
  }
}

export interface TConfigProblem {
  name: string;
  problem: string;
}

/** Every invalid environment variable at once, so one restart fixes them all. */
export class ConfigError extends Error {
  readonly problems: TConfigProblem[];

  constructor(problems: TConfigProblem[]) {
    super(
      `Invalid configuration:\n${problems.map(({ name, problem }) => `  ${name}: ${problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): TConfig {
  const present = Object.fromEntries(
    Object.keys(ZRawEnv.shape).flatMap((name) => {
      const value = env[name]?.trim();
      return value ? [[name, value]] : [];
    }),
  );
  const parsed = ZRawEnv.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => ({
        name: String(issue.path[0] ?? '(environment)'),
        problem: issue.message,
      })),
    );
  }
  const raw = parsed.data;
  return {
    ...raw,
    DATA_DIR: resolve(raw.DATA_DIR),
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ''),
    WEB_DIST_DIR: raw.WEB_DIST_DIR ? resolve(raw.WEB_DIST_DIR) : resolve(repoRoot, 'apps/web/dist'),
  };
}
