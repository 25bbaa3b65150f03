import { describe, expect, it } from 'vitest';
import { parseLinkedEdit } from './linked-edit.ts';

describe('parseLinkedEdit: a pasted or typed cell', () => {
  it('keeps a date that parses and refuses one that does not', () => {
    expect(parseLinkedEdit('date', '2025-03-31')).toEqual({ ok: true, value: '2025-03-31' });
    expect(parseLinkedEdit('date', '31/03/2025')).toEqual({
      ok: false,
      message: 'Please enter a valid date',
    });
    expect(parseLinkedEdit('date', null)).toEqual({ ok: false, message: 'Please enter a valid date' });
  });

  it('turns a pasted amount into an exact decimal', () => {
    expect(parseLinkedEdit('amount', ' -1000.50 ')).toEqual({ ok: true, value: '-1000.5' });
    expect(parseLinkedEdit('amount', 12.25)).toEqual({ ok: true, value: '12.25' });
    expect(parseLinkedEdit('amount', '12,25')).toEqual({ ok: false, message: 'Must be numeric' });
  });

  it('trims texts, empties them to null, and limits them to 255 characters', () => {
    expect(parseLinkedEdit('category', '  Food ')).toEqual({ ok: true, value: 'Food' });
    expect(parseLinkedEdit('counterparty', '   ')).toEqual({ ok: true, value: null });
    expect(parseLinkedEdit('description', 'x'.repeat(256))).toEqual({
      ok: false,
      message: 'At most 255 characters',
    });
    expect(parseLinkedEdit('type', '')).toEqual({ ok: false, message: 'Required' });
    expect(parseLinkedEdit('status', 'pending')).toEqual({ ok: true, value: 'pending' });
    expect(parseLinkedEdit('status', 'done')).toEqual({
      ok: false,
      message: 'Must be one of: posted, pending',
    });
  });
});
