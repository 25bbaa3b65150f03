import { otpFromMailText } from '../../apps/server/src/features/auth/auth-mail.ts';
import { readOutbox, type TOutboxMail } from '../../apps/server/src/mail/outbox.ts';

export type { TOutboxMail };

/**
 * Waits until the started app has written its `nth` mail (1-based) to `to` whose subject contains
 * `subjectIncludes`, then returns the code in it. Code mails leave after the HTTP answer, so the file
 * appears a moment after the page moved on.
 */
export async function waitForMailedCode(
  dataDir: string,
  to: string,
  {
    subjectIncludes,
    nth = 1,
    timeoutMs = 15_000,
  }: { subjectIncludes: string; nth?: number; timeoutMs?: number },
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await readOutbox(dataDir, to)).filter((mail) => mail.subject.includes(subjectIncludes));
    // Newest first: the nth mail sent is at index length - nth.
    const mail = mails.length >= nth ? mails[mails.length - nth] : undefined;
    const code = mail ? otpFromMailText(mail.text) : null;
    if (code) return code;
    if (Date.now() > deadline) {
      throw new Error(`no mail #${nth} with "${subjectIncludes}" to ${to} within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function countMails(dataDir: string, to: string, subjectIncludes: string): Promise<number> {
  return (await readOutbox(dataDir, to)).filter((mail) => mail.subject.includes(subjectIncludes)).length;
}
