// The import answers a bad file with 400 and field errors keyed `line N {Entry}: {field}` (docs/transactions.md);
// the dialog lists them by line so the user can find each row in the file.

export interface TImportError {
  /** The file's line, when the key names one. */
  line: number | null;
  /** What is wrong where: 'Cash: amount', 'type'. */
  field: string;
  message: string;
}

const LINE_KEY = /^line (\d+)\s*(.*)$/;

export function importErrors(fieldErrors: Readonly<Record<string, readonly string[]>>): TImportError[] {
  const list: TImportError[] = [];
  for (const [key, messages] of Object.entries(fieldErrors)) {
    const match = LINE_KEY.exec(key);
    const line = match ? Number(match[1]) : null;
    const field = match ? (match[2] ?? '').trim() : key;
    for (const message of messages) list.push({ line, field, message });
  }
  return list.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}
