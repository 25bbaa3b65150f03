import { AppError } from '../../plugins/app-error.ts';
import { isMarketDataError, type MarketDataError } from './providers/market-data-provider.ts';
import { MARKET_DATA_MESSAGES } from './providers/provider-registry.ts';

/** The one place provider failures become HTTP answers: the provider's words, with a status the client knows. */
export function toAppError(error: MarketDataError): AppError {
  switch (error.kind) {
    case 'not_found':
      return AppError.notFound(error.message);
    case 'rate_limited':
      return new AppError('RATE_LIMITED', error.message);
    default:
      return new AppError('SERVICE_UNAVAILABLE', error.message);
  }
}

/**
 * A 400 like 'Connector not available': this server was set up without a provider, which the operator decides —
 * no outage, so no 5xx (a 503 stays for a provider that is configured but down).
 */
export function noProviderError(): AppError {
  return new AppError('BAD_REQUEST', MARKET_DATA_MESSAGES.NO_PROVIDER);
}

/** Runs a provider call, turning its failure into the AppError the client is answered. */
export async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isMarketDataError(error)) throw toAppError(error);
    throw error;
  }
}
