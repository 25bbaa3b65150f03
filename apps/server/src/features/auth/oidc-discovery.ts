/** Longest wait between two discovery attempts, however long the provider stays down. */
export const OIDC_DISCOVERY_MAX_DELAY_MS = 5 * 60_000;

interface TProviderLike {
  id: string;
}

/** What of better-auth's context the retry touches: its social providers (read on every request). */
export interface TProvidersContext {
  socialProviders: TProviderLike[];
}

export interface TOidcDiscoveryLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface TOidcDiscovery {
  /** True once the provider's discovery succeeded: sign-in can use it, so the sign-in page may offer it. */
  isAvailable(): boolean;
  /** Resolves when the provider is available (tests; never rejects). */
  available(): Promise<void>;
  /** Stops retrying (server close). */
  stop(): void;
}

/**
 * better-auth's generic OAuth plugin discovers the provider once, when better-auth initialises; a provider
 * whose discovery fails then is left out ('Provider skipped'), so its button would only answer 'Provider not
 * found'. This watches for that and runs the plugin's `init` again in the background — after `firstDelayMs`,
 * doubling up to OIDC_DISCOVERY_MAX_DELAY_MS — until the provider loads, then adds it to the context's
 * providers (each request copies the context, so the next sign-in finds it).
 */
export function watchOidcDiscovery(options: {
  providerId: string;
  context: Promise<TProvidersContext>;
  /** The plugin's `init`: answers the providers it could load followed by the context's own. */
  load: (context: TProvidersContext) => Promise<TProviderLike[]>;
  firstDelayMs: number;
  logger: TOidcDiscoveryLogger;
}): TOidcDiscovery {
  const { providerId, logger } = options;
  let isAvailable = false;
  let isStopped = false;
  let timer: NodeJS.Timeout | undefined;
  let markAvailable: () => void = () => {};
  const whenAvailable = new Promise<void>((resolve) => {
    markAvailable = resolve;
  });
  const has = (providers: TProviderLike[]) => providers.some((provider) => provider.id === providerId);

  const retry = async (context: TProvidersContext, delayMs: number): Promise<void> => {
    if (isStopped) return;
    const loaded = await options.load(context).catch(() => []);
    const provider = loaded.find((candidate) => candidate.id === providerId);
    if (isStopped) return;
    if (provider) {
      context.socialProviders = [
        provider,
        ...context.socialProviders.filter((other) => other.id !== providerId),
      ];
      isAvailable = true;
      markAvailable();
      logger.info({ providerId }, 'OIDC provider discovered: offered for sign-in');
      return;
    }
    schedule(context, Math.min(delayMs * 2, OIDC_DISCOVERY_MAX_DELAY_MS));
  };

  const schedule = (context: TProvidersContext, delayMs: number) => {
    logger.warn(
      { providerId, retryInMs: delayMs },
      'OIDC provider not offered: its discovery failed; retrying in the background',
    );
    timer = setTimeout(() => void retry(context, delayMs), delayMs);
    // A pending retry must not keep the process alive.
    timer.unref();
  };

  void options.context.then(
    (context) => {
      if (has(context.socialProviders)) {
        isAvailable = true;
        markAvailable();
      } else if (!isStopped) {
        schedule(context, options.firstDelayMs);
      }
    },
    // better-auth failing to start is reported by its own first request.
    () => {},
  );

  return {
    isAvailable: () => isAvailable,
    available: () => whenAvailable,
    stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
