/**
 * Asset types (free lower-case words in Strata) for the instrument kinds providers report, so picking a
 * security proposes a type the user recognises; an unknown kind is kept, lower-cased.
 */
const TYPE_BY_PROVIDER_KIND: Record<string, string> = {
  equity: 'stock',
  'common stock': 'stock',
  'preferred stock': 'stock',
  etf: 'etf',
  etc: 'etf',
  mutualfund: 'mutual fund',
  fund: 'mutual fund',
  cryptocurrency: 'cryptocurrency',
  currency: 'currency',
  bond: 'bond',
  index: 'index',
  future: 'future',
};

export function assetTypeOfKind(kind: string | null | undefined): string | null {
  if (!kind) return null;
  const key = kind.trim().toLowerCase();
  return TYPE_BY_PROVIDER_KIND[key] ?? key;
}
