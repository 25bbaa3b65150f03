import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The local store's answer to S3's POST policy: what one upload may do (key, size, content type, until
 * when), base64url JSON signed with HMAC-SHA256. The client cannot change any of it without breaking the
 * signature, so the upload route needs no session.
 */
export interface TUploadPolicy {
  key: string;
  contentType?: string;
  maxBytes: number;
  /** Epoch milliseconds. */
  expiresAt: number;
}

export type TUploadPolicyProblem = 'MALFORMED' | 'BAD_SIGNATURE' | 'EXPIRED';

export class UploadPolicyError extends Error {
  readonly problem: TUploadPolicyProblem;

  constructor(problem: TUploadPolicyProblem, message: string) {
    super(message);
    this.name = 'UploadPolicyError';
    this.problem = problem;
  }
}

function signatureOf(encodedPolicy: string, secret: string): string {
  return createHmac('sha256', secret).update(encodedPolicy).digest('hex');
}

export function signUploadPolicy(
  policy: TUploadPolicy,
  secret: string,
): { policy: string; signature: string } {
  const encoded = Buffer.from(JSON.stringify(policy), 'utf8').toString('base64url');
  return { policy: encoded, signature: signatureOf(encoded, secret) };
}

function isPolicy(value: unknown): value is TUploadPolicy {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return (
    typeof candidate.key === 'string' &&
    Number.isSafeInteger(candidate.maxBytes) &&
    (candidate.maxBytes as number) >= 0 &&
    Number.isFinite(candidate.expiresAt) &&
    (candidate.contentType === undefined || typeof candidate.contentType === 'string')
  );
}

/** The signed policy, or an UploadPolicyError saying what is wrong with it. */
export function verifyUploadPolicy(
  encodedPolicy: string | undefined,
  signature: string | undefined,
  secret: string,
  now: number,
): TUploadPolicy {
  if (!encodedPolicy || !signature) throw new UploadPolicyError('MALFORMED', 'The upload policy is missing');
  const expected = Buffer.from(signatureOf(encodedPolicy, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new UploadPolicyError('BAD_SIGNATURE', 'The upload policy signature does not match');
  }
  let policy: unknown;
  try {
    policy = JSON.parse(Buffer.from(encodedPolicy, 'base64url').toString('utf8'));
  } catch {
    throw new UploadPolicyError('MALFORMED', 'The upload policy is not readable');
  }
  if (!isPolicy(policy)) throw new UploadPolicyError('MALFORMED', 'The upload policy is not readable');
  if (now >= policy.expiresAt) throw new UploadPolicyError('EXPIRED', 'The upload policy has expired');
  return policy;
}
