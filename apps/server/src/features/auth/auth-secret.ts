import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * The configured AUTH_SECRET, or the one stored in DATA_DIR/auth-secret, created on first start so a
 * self-hoster gets stable sessions without setting anything. Several instances must share AUTH_SECRET.
 */
export async function resolveAuthSecret(dataDir: string, configured?: string | undefined): Promise<string> {
  if (configured) return configured;
  const file = join(dataDir, AUTH_SECRET_FILE);
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    if (stored) return stored;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // Written whole to a temporary file, then linked into place: link() fails when another process won
  // the race, and nobody can read a half-written secret.
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${secret}\n`, { mode: 0o600 });
  try {
    await link(temporary, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return (await readFile(file, 'utf8')).trim();
  } finally {
    await unlink(temporary);
  }
}
