import type { TImportProgress } from '@strata/contracts/transactions';
import { parseTemplate } from '@strata/core/transactions/csv-template';
import { type TValidTransaction, validateTransaction } from '@strata/core/transactions/validate-transaction';
import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { bumpDataVersion } from '../../shared/data-version.ts';
import { fieldError } from '../../shared/field-error.ts';
import { requireRepositoryAccess, type TAccessUser } from '../../shared/repository-access.ts';
import { createTransactionsRepository } from './transactions.repository.ts';
import { refreshStatistics, type TTransactionRules } from './transactions-rules.ts';

export const importResult = (created: number) => ({ message: `${created} transactions imported`, created });

/** Rows checked, then written, between two progress reports of an import. */
const IMPORT_CHUNK_ROWS = 5000;

/** Receives an import's progress after each chunk (a background import writes it on its task). */
export type TImportReport = (progress: TImportProgress) => Promise<void>;
const noReport: TImportReport = async () => {};

/** An import whose every row passed: what `writeImport` writes. */
export interface TCheckedImport {
  repositoryId: string;
  userId: string;
  valid: TValidTransaction[];
}

/** A CSV import: every row checked first (names resolved to assets), then written in chunks. */
export function createTransactionsImport(db: Kysely<Database>, rules: TTransactionRules) {
  async function checkImport(
    user: TAccessUser | null,
    repositoryId: string,
    csv: string,
    report: TImportReport = noReport,
  ): Promise<TCheckedImport> {
    const { repository } = await requireRepositoryAccess(db, user, repositoryId, 'write');
    const parsed = parseTemplate(csv);
    if (!parsed.ok) {
      throw fieldError(
        Object.fromEntries(
          parsed.errors.map((error) => [`line ${error.line} ${error.field}`, [error.message]]),
        ),
      );
    }
    const pro = await rules.proAllowed(repository.owner_id);
    const refs = await createTransactionsRepository(db).assetRefs(repositoryId);
    // Names (then tickers) to ids; a name two assets share is ambiguous and reported, not guessed.
    const byName = new Map<string, string | null>();
    const remember = (key: string | null | undefined, id: string) => {
      if (!key) return;
      const folded = key.toLowerCase();
      byName.set(folded, byName.has(folded) && byName.get(folded) !== id ? null : id);
    };
    for (const [id, ref] of refs) remember(ref.name, id);
    const byTicker = new Map<string, string>();
    for (const [id, ref] of refs)
      if (ref.ticker && !byTicker.has(ref.ticker.toLowerCase())) byTicker.set(ref.ticker.toLowerCase(), id);
    const lookup = (name: string) => {
      if (name === '') return null;
      const found = byName.get(name.toLowerCase());
      return found === undefined
        ? (byTicker.get(name.toLowerCase()) ?? `unknown:${name}`)
        : (found ?? `ambiguous:${name}`);
    };
    for (const row of parsed.rows) rules.assertTypeInPlan(row.type, pro);
    const total = parsed.rows.length;
    const valid: TValidTransaction[] = [];
    const fieldErrors: Record<string, string[]> = {};
    await report({ total, validated: 0, written: 0 });
    for (let start = 0; start < total; start += IMPORT_CHUNK_ROWS) {
      for (const row of parsed.rows.slice(start, start + IMPORT_CHUNK_ROWS)) {
        const result = validateTransaction(
          {
            type: row.type,
            date: row.date,
            description: row.description,
            entries: row.entries.map((entry) => ({
              account_id: lookup(entry.account),
              asset_id: lookup(entry.asset),
              amount: entry.amount,
            })),
          },
          refs,
        );
        if (result.ok) {
          valid.push(result.value);
          continue;
        }
        for (const error of result.errors) {
          const key = `line ${row.line} ${error.label}`;
          fieldErrors[key] = [...(fieldErrors[key] ?? []), error.message];
        }
      }
      await report({ total, validated: Math.min(total, start + IMPORT_CHUNK_ROWS), written: 0 });
    }
    if (Object.keys(fieldErrors).length > 0) throw fieldError(fieldErrors);
    return { repositoryId, userId: (user as TAccessUser).id, valid };
  }

  async function writeImport(
    trx: Kysely<Database>,
    checked: TCheckedImport,
    report: TImportReport = noReport,
  ): Promise<number> {
    const total = checked.valid.length;
    const repo = createTransactionsRepository(trx);
    for (let start = 0; start < total; start += IMPORT_CHUNK_ROWS) {
      const chunk = checked.valid.slice(start, start + IMPORT_CHUNK_ROWS);
      await repo.insertMany(checked.repositoryId, checked.userId, chunk, 'import');
      await report({ total, validated: total, written: start + chunk.length });
    }
    await bumpDataVersion(trx, checked.repositoryId);
    return total;
  }

  return {
    /** Checks every row (nothing written); a bad row throws the field errors 'line N Entry: field'. */
    checkImport,

    /** Writes checked rows in `trx`, in chunks, reporting each; the caller's transaction keeps it all-or-nothing. */
    writeImport,

    async importCsv(user: TAccessUser | null, repositoryId: string, csv: string) {
      const checked = await checkImport(user, repositoryId, csv);
      const created = await db.transaction().execute((trx) => writeImport(trx, checked));
      await refreshStatistics(db, created);
      return importResult(created);
    },
  };
}
