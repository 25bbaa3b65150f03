// One edited or pasted cell of the linked transactions list, checked and normalised: shared by the server's
// bulk edit (which enforces it) and the web's paste (which drops dates that do not parse).
import { isAmountInRange, isNumericString, toAmountString } from '../money/decimal.ts';
import { date as dateRule } from '../validation/field-rules.ts';
import { LINKED_TRANSACTION_STATUSES, type TLinkedEditableField } from './linked-transaction-fields.ts';

/** Maximum text length (seed §9). */
const MAX_TEXT = 255;

export type TLinkedEditValue = { ok: true; value: string | null } | { ok: false; message: string };

/**
 * One edited cell, checked and normalised: a pasted date must parse, a pasted amount becomes an exact decimal
 * (seed §2), texts are trimmed and at most 255 characters, empty optional texts become null.
 */
export function parseLinkedEdit(field: TLinkedEditableField, raw: unknown): TLinkedEditValue {
  const bad = (message: string): TLinkedEditValue => ({ ok: false, message });
  switch (field) {
    case 'date': {
      const result = dateRule(raw, 1);
      return result.ok && result.value !== null
        ? { ok: true, value: result.value }
        : bad('Please enter a valid date');
    }
    case 'amount': {
      const text = typeof raw === 'number' && Number.isFinite(raw) ? String(raw) : raw;
      if (typeof text !== 'string' || !isNumericString(text.trim())) return bad('Must be numeric');
      return isAmountInRange(text.trim())
        ? { ok: true, value: toAmountString(text.trim()) }
        : bad('Out of range');
    }
    case 'status':
      return (LINKED_TRANSACTION_STATUSES as readonly unknown[]).includes(raw)
        ? { ok: true, value: raw as string }
        : bad(`Must be one of: ${LINKED_TRANSACTION_STATUSES.join(', ')}`);
    case 'type': {
      const text = typeof raw === 'string' ? raw.trim() : '';
      if (text === '') return bad('Required');
      return text.length > MAX_TEXT ? bad(`At most ${MAX_TEXT} characters`) : { ok: true, value: text };
    }
    default: {
      if (raw === null) return { ok: true, value: null };
      if (typeof raw !== 'string') return bad('Must be text');
      const text = raw.trim();
      if (text.length > MAX_TEXT) return bad(`At most ${MAX_TEXT} characters`);
      return { ok: true, value: text === '' ? null : text };
    }
  }
}
