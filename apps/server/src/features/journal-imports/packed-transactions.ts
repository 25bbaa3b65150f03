// A journal's planned transactions as they travel from the reader's worker thread to the API's: in chunks
// of columns, each serialized to one block of memory that moves (no clone of 100k objects, no key — only
// its hash is stored), and unpacked one chunk at a time while the import validates and writes them.
import { deserialize, serialize } from 'node:v8';
import type { TPlannedTransaction } from '@strata/core/journals/map-journal';
import type { TValidTransaction } from '@strata/core/transactions/validate-transaction';

/** Planned transactions a chunk: what the API's thread holds as objects at once while it writes. */
export const TRANSACTIONS_PER_CHUNK = 5000;

/** A planned transaction without its key (the import stores the key's hash, which travels beside it). */
export interface TPlannedRow {
  line: number;
  transaction: TValidTransaction;
}

export interface TPackedTransactions {
  count: number;
  /** Transactions a chunk (the last may have fewer). */
  perChunk: number;
  /** sha256 (hex) of each planned transaction's key, in plan order: what journal_import_keys stores. */
  hashes: string[];
  /** The types met, and each transaction's index among them: the preview counts them without unpacking. */
  typeNames: string[];
  typeOf: Uint16Array;
  /** Each chunk's columns, serialized (v8) into a block of its own, so it moves rather than is copied. */
  chunks: Uint8Array[];
}

/** One chunk's columns; the ids and types repeat, so they are indexes into `names` (-1: null). */
interface TChunkColumns {
  names: string[];
  lines: Int32Array;
  types: Int32Array;
  dates: string[];
  descriptions: (string | null)[];
  entryCounts: Int32Array;
  /** account, asset and position of each entry, in order. */
  entryRefs: Int32Array;
  amounts: string[];
}

function packChunk(rows: readonly TPlannedTransaction[]): Uint8Array {
  const names: string[] = [];
  const indexOf = new Map<string, number>();
  const name = (value: string | null) => {
    if (value === null) return -1;
    let index = indexOf.get(value);
    if (index === undefined) {
      index = names.push(value) - 1;
      indexOf.set(value, index);
    }
    return index;
  };
  const entryTotal = rows.reduce((sum, row) => sum + row.transaction.entries.length, 0);
  const columns: TChunkColumns = {
    names,
    lines: new Int32Array(rows.length),
    types: new Int32Array(rows.length),
    dates: [],
    descriptions: [],
    entryCounts: new Int32Array(rows.length),
    entryRefs: new Int32Array(entryTotal * 3),
    amounts: [],
  };
  let at = 0;
  rows.forEach((row, index) => {
    const { transaction } = row;
    columns.lines[index] = row.line;
    columns.types[index] = name(transaction.type);
    columns.dates.push(transaction.date);
    columns.descriptions.push(transaction.description);
    columns.entryCounts[index] = transaction.entries.length;
    for (const entry of transaction.entries) {
      columns.entryRefs[at++] = name(entry.account_id);
      columns.entryRefs[at++] = name(entry.asset_id);
      columns.entryRefs[at++] = name(entry.pos_id);
      columns.amounts.push(entry.amount);
    }
  });
  // A block of its own (a serialized Buffer may sit in a shared pool): it is moved to the other thread.
  const serialized = serialize(columns);
  const block = new Uint8Array(serialized.byteLength);
  block.set(serialized);
  return block;
}

/**
 * Packs planned transactions in chunks as they are planned (`add`): `hashOf` hashes each key here, so no key
 * leaves this thread, and a chunk's rows are let go of once packed, so only the packed chunks grow.
 */
export class TransactionPacker {
  private readonly hashes: string[] = [];
  private readonly typeNames: string[] = [];
  private readonly types: number[] = [];
  private readonly chunks: Uint8Array[] = [];
  private rows: TPlannedTransaction[] = [];
  private readonly hashOf: (key: string) => string;
  private readonly perChunk: number;

  constructor(hashOf: (key: string) => string, perChunk = TRANSACTIONS_PER_CHUNK) {
    this.hashOf = hashOf;
    this.perChunk = perChunk;
  }

  add(row: TPlannedTransaction): void {
    this.hashes.push(this.hashOf(row.key));
    let type = this.typeNames.indexOf(row.transaction.type);
    if (type < 0) type = this.typeNames.push(row.transaction.type) - 1;
    this.types.push(type);
    this.rows.push(row);
    if (this.rows.length === this.perChunk) this.seal();
  }

  private seal(): void {
    this.chunks.push(packChunk(this.rows));
    this.rows = [];
  }

  finish(): TPackedTransactions {
    if (this.rows.length > 0) this.seal();
    const { hashes, typeNames, chunks, perChunk } = this;
    return {
      count: hashes.length,
      perChunk,
      hashes,
      typeNames,
      typeOf: Uint16Array.from(this.types),
      chunks,
    };
  }
}

/** The blocks to move with the packed transactions (postMessage's transfer list). */
export const transactionBlocks = (packed: TPackedTransactions): ArrayBuffer[] => [
  packed.typeOf.buffer as ArrayBuffer,
  ...packed.chunks.map((chunk) => chunk.buffer as ArrayBuffer),
];

/** One chunk's rows, made again as the objects the mapping planned (without keys). */
export function unpackChunk(packed: TPackedTransactions, chunk: number): TPlannedRow[] {
  const block = packed.chunks[chunk] as Uint8Array;
  const columns = deserialize(block) as TChunkColumns;
  const { names } = columns;
  const real = (index: number) => (index < 0 ? null : (names[index] as string));
  const rows: TPlannedRow[] = [];
  let at = 0;
  let amount = 0;
  for (let index = 0; index < columns.lines.length; index += 1) {
    const entries: TValidTransaction['entries'] = [];
    for (let entry = 0; entry < (columns.entryCounts[index] as number); entry += 1) {
      const account = real(columns.entryRefs[at++] as number) as string;
      const asset = real(columns.entryRefs[at++] as number) as string;
      const position = real(columns.entryRefs[at++] as number);
      entries.push({
        account_id: account,
        asset_id: asset,
        amount: columns.amounts[amount++] as string,
        pos_id: position,
      });
    }
    rows.push({
      line: columns.lines[index] as number,
      transaction: {
        type: names[columns.types[index] as number] as string,
        date: columns.dates[index] as string,
        description: columns.descriptions[index] as string | null,
        entries,
      },
    });
  }
  return rows;
}

/** Every row, chunk by chunk (tests and small exports; the import unpacks one chunk at a time). */
export function* unpackTransactions(packed: TPackedTransactions): Generator<TPlannedRow> {
  for (let chunk = 0; chunk < packed.chunks.length; chunk += 1) yield* unpackChunk(packed, chunk);
}
