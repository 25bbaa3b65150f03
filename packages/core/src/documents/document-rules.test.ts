import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages.ts';
import {
  DOCUMENT_MESSAGES,
  isDocumentLink,
  linkUrl,
  validateContact,
  validateDocument,
  validateDocumentTag,
} from './document-rules.ts';

describe('isDocumentLink (seed §5: optional http(s), dotted host, optional path)', () => {
  it.each([
    'example.com',
    'http://example.com',
    'https://example.com',
    'https://docs.example.co.uk/fund/lpa.pdf',
    'www.dropbox.com/s/abc123/report.pdf?dl=0',
    'https://drive.google.com/file/d/1AbC/view#page=2',
    'https://my-host.example.org:8443/a',
  ])('accepts %s', (text) => {
    expect(isDocumentLink(text)).toBe(true);
  });

  it.each([
    'localhost',
    'https://localhost/file',
    'ftp://example.com/file',
    'https://example',
    'https://-bad.example.com',
    'https://example.com/with space',
    'https://exa_mple.com',
    'https://example.c0m',
    'mailto:me@example.com',
    '',
  ])('refuses %s', (text) => {
    expect(isDocumentLink(text)).toBe(false);
  });

  it('opens a link without a scheme over https', () => {
    expect(linkUrl('example.com/a')).toBe('https://example.com/a');
    expect(linkUrl('http://example.com/a')).toBe('http://example.com/a');
  });
});

describe('validateDocument', () => {
  it('needs a name and a source', () => {
    const result = validateDocument({ name: '  ', path: 'example.com' });
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'name', message: MESSAGES.REQUIRED },
        { field: 'source', message: MESSAGES.REQUIRED },
      ],
    });
  });

  it('names the sources when the source is unknown', () => {
    const result = validateDocument({ name: 'A', source: 'ftp', path: 'example.com' });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.errors).toEqual([
        {
          field: 'source',
          message: 'Must be one of: file, thumbnail, url, google_drive, dropbox, one_drive',
        },
      ]);
  });

  it('needs a filename for a file and a path for a link (linked seed §5)', () => {
    const file = validateDocument({ name: 'LPA', source: 'file' });
    expect(file.ok || file.errors).toEqual([{ field: 'filename', message: MESSAGES.REQUIRED }]);
    const link = validateDocument({ name: 'LPA', source: 'dropbox' });
    expect(link.ok || link.errors).toEqual([{ field: 'path', message: MESSAGES.REQUIRED }]);
  });

  it('refuses a path that is not a link', () => {
    const result = validateDocument({ name: 'LPA', source: 'url', path: 'not a link' });
    expect(result.ok || result.errors).toEqual([{ field: 'path', message: DOCUMENT_MESSAGES.INVALID_LINK }]);
  });

  it('trims and keeps a valid link, dropping file fields', () => {
    const result = validateDocument({
      name: ' LPA ',
      source: 'google_drive',
      path: ' drive.google.com/x ',
      filename: 'ignored.pdf',
    });
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'LPA',
        source: 'google_drive',
        path: 'drive.google.com/x',
        filename: null,
        content_type: null,
        description: null,
      },
    });
  });

  it('gives a file without a content type the generic one, and refuses a malformed one', () => {
    const result = validateDocument({ name: 'LPA', source: 'file', filename: 'lpa.pdf' });
    expect(result.ok && result.value.content_type).toBe('application/octet-stream');
    const bad = validateDocument({ name: 'LPA', source: 'file', filename: 'lpa.pdf', content_type: 'pdf' });
    expect(bad.ok || bad.errors).toEqual([
      { field: 'content_type', message: DOCUMENT_MESSAGES.INVALID_CONTENT_TYPE },
    ]);
  });

  it('accepts only images as thumbnails (and no SVG)', () => {
    for (const type of ['application/pdf', 'image/svg+xml', undefined]) {
      const result = validateDocument({
        name: 'Logo',
        source: 'thumbnail',
        filename: 'x',
        content_type: type,
      });
      expect(result.ok || result.errors).toEqual([
        { field: 'content_type', message: DOCUMENT_MESSAGES.IMAGES_ONLY },
      ]);
    }
    const png = validateDocument({
      name: 'Logo',
      source: 'thumbnail',
      filename: 'x.png',
      content_type: 'IMAGE/PNG',
    });
    expect(png.ok && png.value.content_type).toBe('image/png');
  });

  it('limits the name to 255 characters', () => {
    const result = validateDocument({ name: 'x'.repeat(256), source: 'url', path: 'example.com' });
    expect(result.ok || result.errors).toEqual([{ field: 'name', message: MESSAGES.TOO_LONG }]);
  });

  it('keeps an update within the kind of source, filling left-out fields from the stored document', () => {
    const current = {
      name: 'LPA',
      source: 'url' as const,
      path: 'example.com',
      filename: null,
      content_type: null,
      description: 'old',
    };
    const moved = validateDocument({ source: 'dropbox', path: 'dropbox.com/s/1' }, current);
    expect(moved).toMatchObject({ ok: true, value: { name: 'LPA', source: 'dropbox', description: 'old' } });
    const toFile = validateDocument({ source: 'file', filename: 'a.pdf' }, current);
    expect(toFile.ok || toFile.errors).toEqual([
      { field: 'source', message: DOCUMENT_MESSAGES.SOURCE_FIXED },
    ]);
  });
});

describe('validateDocumentTag and validateContact', () => {
  it('needs a tag name', () => {
    expect(validateDocumentTag({ name: ' ' })).toEqual({
      ok: false,
      errors: [{ field: 'name', message: MESSAGES.REQUIRED }],
    });
    expect(validateDocumentTag({ name: ' Legal ' })).toEqual({ ok: true, value: { name: 'Legal' } });
  });

  it('needs a contact name and limits the other fields', () => {
    expect(validateContact({ email: 'a@example.com' })).toEqual({
      ok: false,
      errors: [{ field: 'name', message: MESSAGES.REQUIRED }],
    });
    const long = validateContact({ name: 'Maria', phone: '1'.repeat(256) });
    expect(long.ok || long.errors).toEqual([{ field: 'phone', message: MESSAGES.TOO_LONG }]);
    expect(validateContact({ name: ' Maria ', email: '', notes: 'n' })).toEqual({
      ok: true,
      value: { name: 'Maria', email: null, phone: null, company: null, notes: 'n' },
    });
  });

  it.each(['nope', 'a@b', 'a @example.com', '@example.com', 'a@example.', 'a@@example.com'])(
    'refuses the contact e-mail %s with the field named',
    (email) => {
      expect(validateContact({ name: 'Maria', email })).toEqual({
        ok: false,
        errors: [{ field: 'email', message: 'Must be an e-mail address' }],
      });
    },
  );

  it.each(['maria@example.com', ' m.rossi+fund@mail.example.co.uk '])(
    'accepts the contact e-mail %s',
    (email) => {
      const result = validateContact({ name: 'Maria', email });
      expect(result.ok && result.value.email).toBe(email.trim());
    },
  );

  it('keeps stored fields an update leaves out', () => {
    const current = { name: 'Maria', email: 'm@example.com', phone: null, company: 'N', notes: null };
    expect(validateContact({ phone: '+1 555' }, current)).toEqual({
      ok: true,
      value: { ...current, phone: '+1 555' },
    });
  });
});
