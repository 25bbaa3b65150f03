// The seed's field messages (core seed §5), word for word where the seed gives them. The web app shows
// them next to fields and the server returns them in 400 details, so both sides must use these constants.

export const MESSAGES = {
  REQUIRED: 'Field is required',
  TOO_LONG: 'Too long string',
  NOT_NUMERIC: 'Must be numeric',
  NOT_POSITIVE: 'Must be positive',
  NOT_NEGATIVE: 'Must be negative',
  // The seed names "minimum-zero and maximum-zero variants" without wording; these follow the percent pair.
  BELOW_ZERO: 'Must be greater than or equal 0',
  ABOVE_ZERO: 'Must be less than or equal 0',
  NOT_ONE: 'Must be equal one',
  PERCENT_BELOW_MIN: 'Must be greater than or equal -100%',
  PERCENT_ZERO: 'Cannot be zero',
  PERCENT_ABOVE_MAX: 'Must be less than or equal 100%',
  INVALID_DATE: 'Please enter a valid date',
  ACCOUNT_TAGS_REQUIRED: 'Category and Subcategory are required',
  // Not in the seed; ours for transaction drafts.
  UNKNOWN_ASSET: 'Does not exist',
  MUST_BE_EMPTY: 'Must be empty',
  TOO_MANY_ENTRIES: 'At most 4 entries',
  TYPE_NOT_IN_PLAN: 'Not available on your plan',
} as const;

export type TMessageCode = keyof typeof MESSAGES;

/** Enumeration failure: 'Must be one of: buy, sell'. */
export function oneOfMessage(list: readonly string[]): string {
  return `Must be one of: ${list.join(', ')}`;
}

/** Equality failure: 'Must be equal to cash dividend'. */
export function equalToMessage(value: string): string {
  return `Must be equal to ${value}`;
}
