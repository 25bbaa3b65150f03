import { describe, expect, it } from 'vitest';
import { createCodeSendLog, RESEND_DELAY_SECONDS, secondsUntilResend } from './resend-countdown.ts';

class MemoryStorage implements Storage {
  private values = new Map<string, string>();
  get length() {
    return this.values.size;
  }
  clear() {
    this.values.clear();
  }
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
}

describe('secondsUntilResend', () => {
  const sentAt = 1_000_000;

  it('allows a send when nothing was sent', () => {
    expect(secondsUntilResend(null, sentAt)).toBe(0);
  });

  it('counts down the 60 s delay from the last send, rounding up', () => {
    expect(RESEND_DELAY_SECONDS).toBe(60);
    expect(secondsUntilResend(sentAt, sentAt)).toBe(60);
    expect(secondsUntilResend(sentAt, sentAt + 1)).toBe(60);
    expect(secondsUntilResend(sentAt, sentAt + 59_001)).toBe(1);
    expect(secondsUntilResend(sentAt, sentAt + 60_000)).toBe(0);
    expect(secondsUntilResend(sentAt, sentAt + 3_600_000)).toBe(0);
  });

  it('takes another delay', () => {
    expect(secondsUntilResend(sentAt, sentAt + 10_000, 30)).toBe(20);
  });
});

describe('createCodeSendLog', () => {
  it('keeps the last send per purpose and address, ignoring the address case', () => {
    const storage = new MemoryStorage();
    const log = createCodeSendLog(storage);
    expect(log.lastSentAt('sign-up', 'ada@example.com')).toBeNull();
    log.markSent('sign-up', 'Ada@Example.com', 123);
    expect(log.lastSentAt('sign-up', 'ada@example.com')).toBe(123);
    expect(log.lastSentAt('password-reset', 'ada@example.com')).toBeNull();
    // A fresh reader of the same storage (a reload) sees the same time.
    expect(createCodeSendLog(storage).lastSentAt('sign-up', ' ada@example.com ')).toBe(123);
  });

  it('treats garbage in storage as never sent', () => {
    const storage = new MemoryStorage();
    storage.setItem('strata-code-sent:sign-up:ada@example.com', 'soon');
    expect(createCodeSendLog(storage).lastSentAt('sign-up', 'ada@example.com')).toBeNull();
  });
});
