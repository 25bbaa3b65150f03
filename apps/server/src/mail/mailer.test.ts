import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';
import { readOutbox } from './outbox.ts';

const logLines: { object: object; message: string }[] = [];
const logger = { info: (object: object, message: string) => logLines.push({ object, message }) };

describe('outbox transport (no SMTP_URL)', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'strata-outbox-'));
    logLines.length = 0;
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('writes each mail as JSON under DATA_DIR/outbox and logs it', async () => {
    const mailer = createMailer({ dataDir, logger });
    await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body', html: '<p>Body</p>' });
    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-\d{6}[0-9a-f]{8}\.json$/);
    const [mail] = await readOutbox(dataDir, 'A@Example.com');
    expect(mail).toMatchObject({ to: 'a@example.com', subject: 'Hello', text: 'Body', html: '<p>Body</p>' });
    expect(Number.isNaN(Date.parse(mail?.createdAt ?? ''))).toBe(false);
    expect(logLines).toEqual([
      {
        object: { mail: { to: 'a@example.com', subject: 'Hello', text: 'Body', file: files[0] } },
        message: 'mail written to outbox',
      },
    ]);
  });

  it('reads one recipient’s mails newest first, even within one millisecond', async () => {
    const mailer = createMailer({ dataDir, logger });
    for (const subject of ['first', 'second', 'third'])
      await mailer.send({ to: 'b@example.com', subject, text: subject });
    await mailer.send({ to: 'c@example.com', subject: 'other', text: 'other' });
    expect((await readOutbox(dataDir, 'b@example.com')).map((mail) => mail.subject)).toEqual([
      'third',
      'second',
      'first',
    ]);
  });

  it('reads an empty list when nothing was ever sent', async () => {
    expect(await readOutbox(dataDir, 'nobody@example.com')).toEqual([]);
  });
});

describe('SMTP transport', () => {
  const received: { from: string; to: string[]; raw: string }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('delivers the mail to the SMTP server in SMTP_URL and writes no outbox file', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'strata-smtp-'));
    try {
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'Strata <no-reply@strata.test>',
        dataDir,
        logger,
      });
      await mailer.send({ to: 'd@example.com', subject: 'Your code', text: 'Code:\n\n123456\n' });
      expect(received).toHaveLength(1);
      expect(received[0]).toMatchObject({ from: 'no-reply@strata.test', to: ['d@example.com'] });
      expect(received[0]?.raw).toContain('Subject: Your code');
      expect(received[0]?.raw).toContain('123456');
      expect(await readOutbox(dataDir, 'd@example.com')).toEqual([]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
