import { existsSync } from 'node:fs';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** The Debian Chromium the e2e tier drives, or undefined when none is installed. */
export function chromiumPath(): string | undefined {
  return candidates.find((path): path is string => Boolean(path && existsSync(path)));
}
