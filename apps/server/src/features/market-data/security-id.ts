/**
 * A linked security's id: the provider that knows it and the provider's own symbol ('yahoo:AAPL',
 * 'eodhd:VOD.LSE'), so a security linked under one provider is never asked of another.
 */
export function securityIdOf(providerId: string, symbol: string): string {
  return `${providerId}:${symbol}`;
}

export function parseSecurityId(id: string): { providerId: string; symbol: string } | null {
  const colon = id.indexOf(':');
  if (colon <= 0 || colon === id.length - 1) return null;
  return { providerId: id.slice(0, colon), symbol: id.slice(colon + 1) };
}
