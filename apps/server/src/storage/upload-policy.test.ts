import { describe, expect, it } from 'vitest';
import { signUploadPolicy, UploadPolicyError, verifyUploadPolicy } from './upload-policy.ts';

const secret = 'policy-secret';
const policy = {
  key: 'uploads/repository/a.json',
  contentType: 'application/json',
  maxBytes: 100,
  expiresAt: 2_000,
};

function problemOf(work: () => unknown): string | undefined {
  try {
    work();
    return undefined;
  } catch (error) {
    return error instanceof UploadPolicyError ? error.problem : 'other';
  }
}

describe('upload policies', () => {
  it('round-trips a signed policy until it expires', () => {
    const signed = signUploadPolicy(policy, secret);
    expect(verifyUploadPolicy(signed.policy, signed.signature, secret, 1_999)).toEqual(policy);
    expect(problemOf(() => verifyUploadPolicy(signed.policy, signed.signature, secret, 2_000))).toBe(
      'EXPIRED',
    );
  });

  it('refuses a changed policy, a foreign signature and missing fields', () => {
    const signed = signUploadPolicy(policy, secret);
    const widened = signUploadPolicy({ ...policy, maxBytes: 10_000 }, 'another-secret');
    expect(problemOf(() => verifyUploadPolicy(widened.policy, signed.signature, secret, 0))).toBe(
      'BAD_SIGNATURE',
    );
    expect(problemOf(() => verifyUploadPolicy(widened.policy, widened.signature, secret, 0))).toBe(
      'BAD_SIGNATURE',
    );
    expect(problemOf(() => verifyUploadPolicy(signed.policy, 'zz', secret, 0))).toBe('BAD_SIGNATURE');
    expect(problemOf(() => verifyUploadPolicy(undefined, signed.signature, secret, 0))).toBe('MALFORMED');
    expect(problemOf(() => verifyUploadPolicy(signed.policy, undefined, secret, 0))).toBe('MALFORMED');
  });

  it('refuses a well-signed document that is not a policy', () => {
    const odd = signUploadPolicy({ key: 7 } as never, secret);
    expect(problemOf(() => verifyUploadPolicy(odd.policy, odd.signature, secret, 0))).toBe('MALFORMED');
  });
});
