import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from './auth-secret.ts';

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'strata-secret-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('resolveAuthSecret', () => {
  it('uses AUTH_SECRET when set and writes nothing', async () => {
    expect(await resolveAuthSecret(dataDir, 'configured-secret')).toBe('configured-secret');
    await expect(stat(join(dataDir, 'auth-secret'))).rejects.toThrow();
  });

  it('generates a secret once into DATA_DIR/auth-secret (owner-only) and reuses it', async () => {
    const first = await resolveAuthSecret(dataDir);
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect((await readFile(join(dataDir, 'auth-secret'), 'utf8')).trim()).toBe(first);
    expect((await stat(join(dataDir, 'auth-secret'))).mode & 0o777).toBe(0o600);
    expect(await resolveAuthSecret(dataDir)).toBe(first);
  });

  it('gives concurrent first starts the same secret', async () => {
    const secrets = await Promise.all([
      resolveAuthSecret(dataDir),
      resolveAuthSecret(dataDir),
      resolveAuthSecret(dataDir),
    ]);
    expect(new Set(secrets).size).toBe(1);
  });

  it('creates DATA_DIR when missing', async () => {
    const nested = join(dataDir, 'a', 'b');
    const secret = await resolveAuthSecret(nested);
    expect((await readFile(join(nested, 'auth-secret'), 'utf8')).trim()).toBe(secret);
  });
});
