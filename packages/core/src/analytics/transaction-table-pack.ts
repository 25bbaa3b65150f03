import { epochDayFormatter } from '../dates/epoch-day.ts';
import { ENTRY_ROLES, type TEntryRole } from '../transactions/catalogue.ts';
import type { TAnalyticsEntry, TAnalyticsTransaction } from './analytics-types.ts';
import { ByteReader, ByteWriter } from './byte-codec.ts';
import { parseDay } from './price-series.ts';

/**
 * A repository's transactions as bytes, for keeping them between processes (analytics_transaction_tables): the
 * engine's transactions as a worker parsed them, so a worker that starts from the kept table neither reads
 * every transaction's entry lines from the database (0.45–0.7 s at 100k transactions) nor parses them. Ids of
 * accounts, assets and types are written once, in a table of names; an entry is then a few small numbers and
 * its amount's exact text.
 *
 * Layout (varints as byte-codec.ts writes them; signed ones zigzag-coded):
 *   version (1 byte), names (count, then each as UTF-8 text), transaction count, then per transaction:
 *   id (its step from the previous id: a signed varint — ids are the transactions' seqs), epoch day (its step
 *   from the previous), type (name index), entry count, then per entry: account and asset (name indexes), pos
 *   (name index + 1; 0 = none), role (its index in ENTRY_ROLES, 1 byte), amount (ASCII text).
 */

const VERSION = 1;

/** Names (ids, types) as indexes, in the order first met. */
class NameTable {
  readonly names: string[] = [];
  private readonly index = new Map<string, number>();

  of(name: string): number {
    let at = this.index.get(name);
    if (at === undefined) {
      at = this.names.length;
      this.names.push(name);
      this.index.set(name, at);
    }
    return at;
  }
}

const ROLE_INDEX = new Map<TEntryRole, number>(ENTRY_ROLES.map((role, index) => [role, index]));

/** The id as the whole number it names (a seq); anything else cannot be packed. */
function idNumber(id: string): number {
  const number = Number(id);
  if (!Number.isSafeInteger(number) || String(number) !== id)
    throw new Error(`transaction id ${id} is not a seq`);
  return number;
}

export function packTransactions(transactions: readonly TAnalyticsTransaction[]): Uint8Array {
  const names = new NameTable();
  const body = new ByteWriter();
  body.unsigned(transactions.length);
  let previousId = 0;
  let previousDay = 0;
  for (const { id, date, type, entries } of transactions) {
    const number = idNumber(id);
    body.signed(number - previousId);
    previousId = number;
    const day = parseDay(date);
    body.signed(day - previousDay);
    previousDay = day;
    body.unsigned(names.of(type));
    body.unsigned(entries.length);
    for (const entry of entries) {
      body.unsigned(names.of(entry.account_id));
      body.unsigned(names.of(entry.asset_id));
      body.unsigned(entry.pos_id == null ? 0 : names.of(entry.pos_id) + 1);
      const role = ROLE_INDEX.get(entry.role);
      if (role === undefined) throw new Error(`unknown entry role ${entry.role}`);
      body.byte(role);
      body.ascii(entry.amount);
    }
  }
  const head = new ByteWriter();
  head.byte(VERSION);
  head.unsigned(names.names.length);
  for (const name of names.names) head.text(name);
  const packed = new Uint8Array(head.length + body.length);
  packed.set(head.done(), 0);
  packed.set(body.done(), head.length);
  return packed;
}

/** The transactions of `packTransactions`' bytes: the same ids, days, types and entries, amounts as the same text. */
export function unpackTransactions(bytes: Uint8Array): TAnalyticsTransaction[] {
  const reader = new ByteReader(bytes, 'packed transactions');
  if (reader.byte() !== VERSION) throw new Error('packed transactions of an unknown version');
  const names: string[] = new Array(reader.unsigned());
  for (let index = 0; index < names.length; index += 1) names[index] = reader.text(reader.unsigned());
  const name = (index: number): string => {
    const value = names[index];
    if (value === undefined) throw new Error('packed transactions name no such id');
    return value;
  };
  const formatDay = epochDayFormatter();
  const transactions: TAnalyticsTransaction[] = new Array(reader.unsigned());
  let id = 0;
  let day = 0;
  for (let index = 0; index < transactions.length; index += 1) {
    id += reader.signed();
    day += reader.signed();
    const type = name(reader.unsigned());
    const entries: TAnalyticsEntry[] = new Array(reader.unsigned());
    for (let item = 0; item < entries.length; item += 1) {
      const account_id = name(reader.unsigned());
      const asset_id = name(reader.unsigned());
      const pos = reader.unsigned();
      const role = ENTRY_ROLES[reader.byte()];
      if (role === undefined) throw new Error('packed transactions with an unknown entry role');
      entries[item] = {
        account_id,
        asset_id,
        amount: reader.ascii(),
        role,
        pos_id: pos === 0 ? null : name(pos - 1),
      };
    }
    reader.check();
    transactions[index] = { id: String(id), date: formatDay(day), type, entries };
  }
  reader.end();
  return transactions;
}
