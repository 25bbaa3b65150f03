// Tag rules of core seed §5: tags are unique by name and value; Category and Subcategory are reserved
// names (an account's classification), so such a tag's name can't be changed.
import { CATEGORY_TAG, SUBCATEGORY_TAG } from '../repositories/initial-content.ts';
import { requiredText } from '../validation/field-rules.ts';
import type { TFieldError } from './asset-rules.ts';

export const TAG_MESSAGES = {
  DUPLICATE: 'A tag with this name already exists',
  NO_SUCH_TAG: 'There is no such tag',
  UNKNOWN_TAG: 'Unknown tag',
  PROBLEM: 'There was a problem with the tag',
  RESERVED_NAME_READONLY: 'The name of a Category or Subcategory tag cannot be changed',
  IN_USE_BY_ACCOUNTS: 'The tag classifies accounts: give them another Category or Subcategory first',
} as const;

export function isReservedTagName(name: string): boolean {
  return name === CATEGORY_TAG || name === SUBCATEGORY_TAG;
}

export interface TTagDraft {
  tag_name?: unknown;
  tag_value?: unknown;
}

export type TTagValidation =
  | { ok: true; value: { tag_name: string; tag_value: string } }
  | { ok: false; errors: TFieldError[] };

export function validateTag(draft: TTagDraft): TTagValidation {
  const errors: TFieldError[] = [];
  const name = requiredText(draft.tag_name);
  const value = requiredText(draft.tag_value);
  if (!name.ok) errors.push({ field: 'tag_name', message: name.message });
  if (!value.ok) errors.push({ field: 'tag_value', message: value.message });
  if (!name.ok || !value.ok) return { ok: false, errors };
  return { ok: true, value: { tag_name: name.value, tag_value: value.value } };
}

/** A rename that would move a tag into or out of the reserved names, or between them, is refused. */
export function canRenameTag(from: string, to: string): boolean {
  if (from === to) return true;
  return !isReservedTagName(from) && !isReservedTagName(to);
}
