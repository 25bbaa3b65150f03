/**
 * Fixed texts from the seed's error catalogue (§8). The backtick in FORBIDDEN is the seed's spelling and
 * the web app compares against it, so it stays.
 */
export const ErrorMessage = {
  PAYMENT_REQUIRED: 'You need to activate the subscription to access the resource',
  FORBIDDEN: 'You don`t have permissions for this action',
  INTERNAL: 'Unexpected error',
  INTERNAL_DESCRIPTION: 'We have been notified',
  BAD_REQUEST_DEFAULT: 'Something went wrong',
  SOFT_DELETED_MARKER: 'soft deleted',
  /** 409 STALE_VERSION: an update based on an older version of the record. */
  STALE_VERSION: 'This was changed by someone else: reload to see their change, then edit again',
} as const;
