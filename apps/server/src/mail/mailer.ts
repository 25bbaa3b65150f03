import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import { outboxDir } from './outbox.ts';

export interface TMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** The port every feature sends mail through; the transport is chosen once at start. */
export interface Mailer {
  send(mail: TMail): Promise<void>;
}

export interface TMailerLogger {
  info(object: object, message: string): void;
}

export interface TCreateMailerOptions {
  /** `smtp://user:pass@host:587`, `smtps://…`; unset → the outbox transport. */
  smtpUrl?: string | undefined;
  /** Sender address; defaults to `Strata <no-reply@localhost>`. */
  from?: string | undefined;
  dataDir: string;
  logger: TMailerLogger;
}

const DEFAULT_FROM = 'Strata <no-reply@localhost>';

export function createMailer(options: TCreateMailerOptions): Mailer {
  return options.smtpUrl
    ? createSmtpMailer(options.smtpUrl, options.from ?? DEFAULT_FROM)
    : createOutboxMailer(options.dataDir, options.logger);
}

export function createSmtpMailer(smtpUrl: string, from: string = DEFAULT_FROM): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
  };
}

/**
 * Without SMTP a self-hoster still needs the codes: each mail becomes a JSON file in DATA_DIR/outbox
 * (and a log line), which tests and the dev UI read as well.
 */
export function createOutboxMailer(dataDir: string, logger: TMailerLogger): Mailer {
  const dir = outboxDir(dataDir);
  let sequence = 0;
  return {
    async send(mail) {
      await mkdir(dir, { recursive: true });
      const createdAt = new Date().toISOString();
      // ':' is not allowed in Windows file names; the sequence number keeps mails written in the same
      // millisecond in order, so the names sort as the mails were sent.
      sequence += 1;
      const fileName = `${createdAt.replaceAll(':', '-')}-${String(sequence).padStart(6, '0')}${randomBytes(4).toString('hex')}.json`;
      const record = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? null,
        createdAt,
      };
      // Written aside, then renamed into place: a reader of the outbox never sees half a mail.
      const partial = join(dir, `${fileName}.partial`);
      await writeFile(partial, `${JSON.stringify(record, null, 2)}\n`);
      await rename(partial, join(dir, fileName));
      // The text is logged too: without SMTP, `docker logs` is the easiest place to find a sign-up code.
      logger.info(
        { mail: { to: mail.to, subject: mail.subject, text: mail.text, file: fileName } },
        'mail written to outbox',
      );
    },
  };
}
