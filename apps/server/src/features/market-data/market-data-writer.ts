import type { Database } from '@strata/db/schema';
import type { Kysely } from 'kysely';
import { bumpDataVersion } from '../../shared/data-version.ts';
import {
  createMarketDataRepository,
  SECURITY_MASTER_ADJUSTED_SOURCE,
  SECURITY_MASTER_SOURCE,
  type TPriceRows,
} from './market-data.repository.ts';
import type { TDailyPrices } from './providers/market-data-provider.ts';

/**
 * Rows gathered before one transaction writes them (about three five-year series under both sources). A
 * transaction per security made a second sync of 1,000 securities 1,000 commits and 3,000 statements.
 */
export const WRITE_BATCH_ROWS = 8_000;
/**
 * Batches written at once, each in its own transaction and connection: the work is per row (three indexes,
 * two foreign keys), so a single writer left the database's other cores idle and a first sync took twice as
 * long as eight writers did (docs/benchmarks.md).
 */
export const WRITERS = 4;

export interface TSeriesToWrite {
  assetId: string;
  series: TDailyPrices;
  /** The linked security's events to replace from `from` on (absent for FX rates). */
  events?: { securityId: string; from: string };
}

function rowsOf(series: TDailyPrices): number {
  return series.prices.reduce((rows, price) => rows + (price.adjusted_close === null ? 1 : 2), 0);
}

/**
 * Each price as two rows: `security master` (close, adjusted close) and `security master adjusted` (the
 * adjusted close as its close), so the precedence chooses between raw and adjusted closes.
 */
function priceRowsOf(batch: readonly TSeriesToWrite[]): TPriceRows {
  const rows: TPriceRows = { assetIds: [], dates: [], closes: [], adjusted: [], sources: [] };
  const push = (assetId: string, date: string, close: string, adjusted: string | null, source: string) => {
    rows.assetIds.push(assetId);
    rows.dates.push(date);
    rows.closes.push(close);
    rows.adjusted.push(adjusted);
    rows.sources.push(source);
  };
  for (const { assetId, series } of batch) {
    for (const price of series.prices) {
      push(assetId, price.date, price.close, price.adjusted_close, SECURITY_MASTER_SOURCE);
      if (price.adjusted_close !== null)
        push(
          assetId,
          price.date,
          price.adjusted_close,
          price.adjusted_close,
          SECURITY_MASTER_ADJUSTED_SOURCE,
        );
    }
  }
  return rows;
}

/** Whole series in one transaction: a failure leaves none of the batch written. Answers rows written. */
async function writeBatch(
  db: Kysely<Database>,
  repositoryId: string,
  batch: readonly TSeriesToWrite[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const repository = createMarketDataRepository(trx);
    const written = await repository.upsertPrices(repositoryId, priceRowsOf(batch));
    for (const { assetId, series, events } of batch) {
      if (events && series.events)
        await repository.replaceSecurityEvents(
          repositoryId,
          assetId,
          events.securityId,
          events.from,
          series.events,
          series.currency,
        );
    }
    if (written > 0) await bumpDataVersion(trx, repositoryId);
    return written;
  });
}

/**
 * Gathers fetched series and writes them in batches of whole series, up to `WRITERS` batches at once. `add`
 * waits while its full batch is written, so fetchers slow to the database's pace and memory stays bounded
 * (the batches being written and one gathering). `onWritten` hears each committed batch.
 */
export function createSeriesWriter(
  db: Kysely<Database>,
  repositoryId: string,
  onWritten: (batch: readonly TSeriesToWrite[], written: number) => Promise<void> | void,
  batchRows = WRITE_BATCH_ROWS,
) {
  let pending: TSeriesToWrite[] = [];
  let pendingRows = 0;
  const writing = new Set<Promise<void>>();

  async function flush(): Promise<void> {
    while (writing.size >= WRITERS) await Promise.race(writing);
    if (pending.length === 0) return;
    const batch = pending;
    pending = [];
    pendingRows = 0;
    // Taken before any await: another caller gathers a new batch instead of writing this one twice.
    const job: Promise<void> = writeBatch(db, repositoryId, batch)
      .then((written) => onWritten(batch, written))
      .finally(() => writing.delete(job));
    writing.add(job);
    await job;
  }

  return {
    async add(item: TSeriesToWrite): Promise<void> {
      pending.push(item);
      pendingRows += rowsOf(item.series);
      if (pendingRows >= batchRows) await flush();
    },
    /** Writes what is gathered and waits for every batch; call once every `add` has returned. */
    async flush(): Promise<void> {
      await flush();
      await Promise.all(writing);
    },
  };
}
