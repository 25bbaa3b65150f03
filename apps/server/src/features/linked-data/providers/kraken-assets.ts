/**
 * Kraken's asset codes as people write them. Kraken keeps legacy four-letter codes for its oldest assets
 * (XXBT, XETH, ZUSD, ZEUR: X for crypto, Z for fiat) and its own XBT/XDG for bitcoin and dogecoin; staked,
 * earning or margin variants carry a suffix after a dot (DOT.S, ETH2.S, USD.HOLD), kept so they stay their
 * own positions. The public Assets table's `altname` is asked first; the prefix rule only covers an asset it
 * does not list.
 */

const ALIASES: Record<string, string> = { XBT: 'BTC', XDG: 'DOGE' };

function withAlias(code: string): string {
  const [base = code, ...suffix] = code.split('.');
  const name = ALIASES[base] ?? base;
  return suffix.length > 0 ? `${name}.${suffix.join('.')}` : name;
}

export function normaliseKrakenAsset(code: string, altnames: ReadonlyMap<string, string>): string {
  const listed = altnames.get(code);
  if (listed) return withAlias(listed);
  const [base = code, ...suffix] = code.split('.');
  const baseName = altnames.get(base) ?? (/^[XZ][A-Z0-9]{3}$/.test(base) ? base.slice(1) : base);
  return withAlias(suffix.length > 0 ? `${baseName}.${suffix.join('.')}` : baseName);
}
