import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface TOutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/** Mails written by the outbox transport to `to` (case-insensitive), newest first. */
export async function readOutbox(dataDir: string, to: string): Promise<TOutboxMail[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir(dataDir));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  // File names start with the send time and a sequence number, so name order is send order.
  const newestFirst = names.filter((name) => name.endsWith('.json')).sort((a, b) => b.localeCompare(a));
  const mails = await Promise.all(
    newestFirst.map(
      async (name) => JSON.parse(await readFile(join(outboxDir(dataDir), name), 'utf8')) as TOutboxMail,
    ),
  );
  const wanted = to.toLowerCase();
  return mails.filter((mail) => mail.to.toLowerCase() === wanted);
}
