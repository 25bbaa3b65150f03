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
} as const;
