// Document, document tag and contact rules (linked seed §5, core seed §3/§5). Pure: the web form and the
// server judge a draft with the same functions and show the same messages.
import type { TFieldError } from '../assets/asset-rules.ts';
import { isBlank, limitedText, requiredText } from '../validation/field-rules.ts';
import { MESSAGES, oneOfMessage } from '../validation/messages.ts';

/** Core seed §3: four link sources, and two for the product's own stored file and thumbnail. */
export const DOCUMENT_SOURCES = ['file', 'thumbnail', 'url', 'google_drive', 'dropbox', 'one_drive'] as const;
export type TDocumentSource = (typeof DOCUMENT_SOURCES)[number];
export const FILE_SOURCES: readonly TDocumentSource[] = ['file', 'thumbnail'];
export const LINK_SOURCES: readonly TDocumentSource[] = ['url', 'google_drive', 'dropbox', 'one_drive'];

export function isFileSource(source: string): boolean {
  return (FILE_SOURCES as readonly string[]).includes(source);
}

/**
 * Image types a thumbnail may have: the ones every browser draws in an <img>. SVG is left out on purpose:
 * it can carry script, and thumbnails are shown inline.
 */
export const THUMBNAIL_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'];

export const DOCUMENT_MESSAGES = {
  // Seed §8, word for word.
  OPEN_FAILED: 'Failed to open document',
  URL_NOT_AVAILABLE: 'Document URL is not available',
  PROBLEM: 'There was a problem with the document',
  // Core seed §3 ("Only image files are accepted").
  IMAGES_ONLY: 'Only image files are accepted',
  // Ours: the seed gives the link rule but no words for it.
  INVALID_LINK: 'Must be a link: an optional http:// or https://, a dotted host and an optional path',
  INVALID_CONTENT_TYPE: 'Must be a media type such as application/pdf',
  SOURCE_FIXED: 'A stored file cannot become a link, nor a link a stored file',
  NOT_FOUND: 'Document not found',
  TAG_NOT_FOUND: 'Document tag not found',
  CONTACT_NOT_FOUND: 'Contact not found',
  // Ours: the seed lists the contact's e-mail without a rule; an address that cannot be mailed is refused.
  INVALID_EMAIL: 'Must be an e-mail address',
} as const;

/**
 * One local part, one @, a dotted domain: what a person can mail. Full RFC 5322 accepts far more, none of
 * which a user types into a contact card.
 */
const EMAIL_PATTERN = /^[^\s@]+@([^\s@.]+\.)+[^\s@.]{2,}$/;

export function isEmailAddress(text: string): boolean {
  return EMAIL_PATTERN.test(text);
}

/** Notes and descriptions hold more than a name; the seed's 255 is for single-line text. */
export const MAX_NOTES_LENGTH = 5000;

/**
 * Seed §5: an optional http(s) prefix, a dotted host and an optional path. The host's labels are letters,
 * digits and inner hyphens, the last one letters only; a port and a query or fragment after the path are
 * accepted since real links carry them.
 */
const LINK_PATTERN =
  /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?([/?#][^\s]*)?$/i;

export function isDocumentLink(text: string): boolean {
  return LINK_PATTERN.test(text.trim());
}

/** What a browser opens: the link with https:// in front when it has no scheme. */
export function linkUrl(path: string): string {
  const trimmed = path.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

const CONTENT_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i;

export interface TDocumentDraft {
  name?: unknown;
  source?: unknown;
  path?: unknown;
  filename?: unknown;
  content_type?: unknown;
  description?: unknown;
}

export interface TValidDocument {
  name: string;
  source: TDocumentSource;
  path: string | null;
  filename: string | null;
  content_type: string | null;
  description: string | null;
}

export type TDocumentValidation = { ok: true; value: TValidDocument } | { ok: false; errors: TFieldError[] };

/**
 * Linked seed §5: name required; on creation a file needs its filename and a link its path, which must be
 * a link. A thumbnail must be an image. `current` is the stored document when updating: its source stays
 * within its kind (file or link), and a field left out keeps its value.
 */
export function validateDocument(draft: TDocumentDraft, current?: TValidDocument): TDocumentValidation {
  const errors: TFieldError[] = [];
  const pick = (field: keyof TDocumentDraft) =>
    draft[field] === undefined && current ? current[field] : draft[field];

  const name = requiredText(pick('name'));
  if (!name.ok) errors.push({ field: 'name', message: name.message });

  const sourceInput = pick('source');
  const source = (DOCUMENT_SOURCES as readonly unknown[]).includes(sourceInput)
    ? (sourceInput as TDocumentSource)
    : undefined;
  if (!source) {
    errors.push({
      field: 'source',
      message: isBlank(sourceInput) ? MESSAGES.REQUIRED : oneOfMessage(DOCUMENT_SOURCES),
    });
  } else if (current && isFileSource(source) !== isFileSource(current.source)) {
    errors.push({ field: 'source', message: DOCUMENT_MESSAGES.SOURCE_FIXED });
  } else if (current?.source === 'thumbnail' && source !== 'thumbnail') {
    errors.push({ field: 'source', message: DOCUMENT_MESSAGES.SOURCE_FIXED });
  }

  const description = limitedText(pick('description'), MAX_NOTES_LENGTH);
  if (!description.ok) errors.push({ field: 'description', message: description.message });

  let path: string | null = null;
  let filename: string | null = null;
  let contentType: string | null = null;
  if (source && isFileSource(source)) {
    const file = requiredText(pick('filename'));
    if (!file.ok) errors.push({ field: 'filename', message: file.message });
    else filename = file.value;
    const type = limitedText(pick('content_type'));
    if (!type.ok) errors.push({ field: 'content_type', message: type.message });
    else if (source === 'thumbnail') {
      const lower = type.value?.toLowerCase() ?? null;
      if (!lower || !THUMBNAIL_CONTENT_TYPES.includes(lower))
        errors.push({ field: 'content_type', message: DOCUMENT_MESSAGES.IMAGES_ONLY });
      else contentType = lower;
    } else if (type.value !== null && !CONTENT_TYPE_PATTERN.test(type.value)) {
      errors.push({ field: 'content_type', message: DOCUMENT_MESSAGES.INVALID_CONTENT_TYPE });
    } else contentType = type.value?.toLowerCase() ?? 'application/octet-stream';
  } else if (source) {
    const link = requiredText(pick('path'), 2048);
    if (!link.ok) errors.push({ field: 'path', message: link.message });
    else if (!isDocumentLink(link.value))
      errors.push({ field: 'path', message: DOCUMENT_MESSAGES.INVALID_LINK });
    else path = link.value;
  }

  if (errors.length > 0 || !name.ok || !source || !description.ok) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: name.value,
      source,
      path,
      filename,
      content_type: contentType,
      description: description.value,
    },
  };
}

export function validateDocumentTag(draft: {
  name?: unknown;
}): { ok: true; value: { name: string } } | { ok: false; errors: TFieldError[] } {
  const name = requiredText(draft.name);
  return name.ok
    ? { ok: true, value: { name: name.value } }
    : { ok: false, errors: [{ field: 'name', message: name.message }] };
}

export interface TContactDraft {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  company?: unknown;
  notes?: unknown;
}

export interface TValidContact {
  name: string;
  email: string | null;
  phone: string | null;
  company: string | null;
  notes: string | null;
}

/** Linked seed §5: a contact needs a name; the other fields are limited text, and the e-mail an address. */
export function validateContact(
  draft: TContactDraft,
  current?: TValidContact,
): { ok: true; value: TValidContact } | { ok: false; errors: TFieldError[] } {
  const pick = (field: keyof TContactDraft) =>
    draft[field] === undefined && current ? current[field] : draft[field];
  const errors: TFieldError[] = [];
  const name = requiredText(pick('name'));
  if (!name.ok) errors.push({ field: 'name', message: name.message });
  const limited = (field: 'email' | 'phone' | 'company' | 'notes', max?: number) => {
    const result = limitedText(pick(field), max);
    if (!result.ok) {
      errors.push({ field, message: result.message });
      return null;
    }
    return result.value;
  };
  let email = limited('email');
  if (email && !isEmailAddress(email)) {
    errors.push({ field: 'email', message: DOCUMENT_MESSAGES.INVALID_EMAIL });
    email = null;
  }
  const phone = limited('phone');
  const company = limited('company');
  const notes = limited('notes', MAX_NOTES_LENGTH);
  if (!name.ok || errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { name: name.value, email, phone, company, notes } };
}
