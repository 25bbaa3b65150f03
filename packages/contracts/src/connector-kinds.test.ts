import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { connectorLogo, FILE_CONNECTOR_KINDS, LIVE_CONNECTOR_KINDS } from './connector-kinds.ts';

const webPublic = new URL('../../../apps/web/public', import.meta.url);

describe('connector kinds', () => {
  it('six live kinds and two file kinds, in the chooser order', () => {
    expect(LIVE_CONNECTOR_KINDS.map((kind) => kind.id)).toEqual([
      'plaid',
      'simplefin',
      'gocardless',
      'arch',
      'cap_table',
      'kraken',
    ]);
    expect(FILE_CONNECTOR_KINDS.map((kind) => kind.name)).toEqual(['OFX/QFX file', 'Load a file']);
  });

  it("every live kind's logo is an SVG the web serves from its own origin", () => {
    for (const kind of LIVE_CONNECTOR_KINDS) {
      expect(kind.logo).toMatch(/^\/connector-logos\/[a-z-]+\.svg$/);
      const svg = readFileSync(new URL(`.${kind.logo}`, `${webPublic.href}/`), 'utf8');
      expect(svg).toContain('<svg');
      expect(svg).toContain(`aria-label="${kind.name}"`);
    }
  });

  it('a file connector has no logo', () => {
    expect(connectorLogo('manual')).toBeNull();
    expect(connectorLogo('file')).toBeNull();
    expect(connectorLogo('kraken')).toBe('/connector-logos/kraken.svg');
  });
});
