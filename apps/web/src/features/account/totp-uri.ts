/** The base32 secret inside an `otpauth://totp/…?secret=…` URI, for typing it into an app by hand. */
export function totpSecretOf(totpUri: string): string | null {
  try {
    const secret = new URL(totpUri).searchParams.get('secret');
    return secret && secret.trim() !== '' ? secret : null;
  } catch {
    return null;
  }
}

/** Groups of four characters read more easily when typed by hand. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}
