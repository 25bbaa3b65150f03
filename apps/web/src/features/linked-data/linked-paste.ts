import type { TLinkedTransaction, TLinkedTransactionChange } from '@strata/contracts/linked-transactions';
import { parseLinkedEdit } from '@strata/core/linked-data/linked-edit';
import {
  LINKED_EDITABLE_FIELDS,
  type TLinkedEditableField,
} from '@strata/core/linked-data/linked-transaction-fields';

/** What a paste asks the server to change, and how many pasted cells were left out. */
export interface TPastePlan {
  changes: TLinkedTransactionChange[];
  /** Cells on a column that cannot be edited, dates that do not parse, amounts that are not numbers. */
  ignored: number;
}

const isEditable = (id: string): id is TLinkedEditableField =>
  (LINKED_EDITABLE_FIELDS as readonly string[]).includes(id);

/**
 * '1,778.39' or ' -22 ' → a number (seed §2: "A pasted amount is converted to a number"); grouping commas and
 * spaces, as a spreadsheet copies them, are dropped. Anything else is not an amount.
 */
export function pastedAmount(text: string): number | undefined {
  const plain = text.replace(/[\s,]/g, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(plain)) return undefined;
  const value = Number(plain);
  return Number.isFinite(value) ? value : undefined;
}

/** One pasted cell as the bulk update takes it, or undefined when the seed says to ignore it. */
function pastedValue(field: TLinkedEditableField, text: string): unknown {
  if (field === 'date') {
    // Seed §2: "A pasted date must parse, otherwise the paste is ignored."
    const parsed = parseLinkedEdit('date', text);
    return parsed.ok ? parsed.value : undefined;
  }
  if (field === 'amount') return pastedAmount(text);
  return text;
}

/**
 * The changes a paste makes: one line on every target row, or line i on row i when several lines were
 * copied (extra lines have no row and are dropped). Only editable columns take a value.
 */
export function planPaste(paste: {
  rows: readonly TLinkedTransaction[];
  columnIds: readonly string[];
  values: readonly (readonly string[])[];
}): TPastePlan {
  let ignored = 0;
  const changes: TLinkedTransactionChange[] = [];
  paste.rows.forEach((row, index) => {
    const line = paste.values.length === 1 ? paste.values[0] : paste.values[index];
    if (line === undefined) return;
    const change: TLinkedTransactionChange = { id: row.id };
    paste.columnIds.forEach((field, column) => {
      const text = line[column];
      if (text === undefined) return;
      const value = isEditable(field) ? pastedValue(field, text) : undefined;
      if (value === undefined) ignored += 1;
      else change[field] = value;
    });
    if (Object.keys(change).length > 1) changes.push(change);
  });
  return { changes, ignored };
}
