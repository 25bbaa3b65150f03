// Positions and market values against ledger-cli (Debian `ledger`, 3.x) run live on the same data: the
// seeded generator (testing/generate-repository.ts) writes a small repository as engine input and as a ledger journal
// (prices as `P` lines, costs as `(@@)` so trades do not become prices, quoted tickers). ledger is the
// oracle: units per account and commodity at several dates, and each account's market value in USD
// at several dates (`-X USD --now D`, full precision), against our position_view and value_view.
// CI installs ledger and runs it live; every output is also recorded in fixtures/ledger/outputs.json (with the
// journal's hash), so a machine without ledger checks against ledger's recorded answers, and a live run fails if
// the recording went stale. Re-record after changing the generator: STRATA_RECORD_ORACLES=1 with ledger installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays } from '../dates/epoch-day.ts';
import { Decimal } from '../money/decimal.ts';
import { generateRepository, JOURNAL_ACCOUNT } from '../testing/generate-repository.ts';
import { computeAnalytics, computePositions } from './compute-analytics.ts';

const generated = generateRepository({
  seed: 7,
  transactions: 300,
  assets: 5,
  years: 2,
  start: '2023-01-01',
});
const { input } = generated;
const dir = mkdtempSync(join(tmpdir(), 'strata-ledger-oracle-'));
const journal = join(dir, 'repository.ledger');
writeFileSync(journal, generated.ledgerJournal);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ACCOUNT_OF = new Map(Object.entries(JOURNAL_ACCOUNT).map(([id, name]) => [name, id]));
const ASSET_OF = new Map(input.assets.filter((a) => a.ticker).map((a) => [a.ticker!, a.id]));
/** Month ends and one mid-month day, from the first quarter to the last day. */
const DATES = ['2023-03-31', '2023-09-30', '2023-11-15', '2024-06-30', generated.end];
const MONTH_ENDS = DATES.filter((date) => date !== '2023-11-15');

const FIXTURE = join(import.meta.dirname, 'fixtures/ledger/outputs.json');
const journalHash = createHash('sha256').update(generated.ledgerJournal).digest('hex');
const recorded = existsSync(FIXTURE)
  ? (JSON.parse(readFileSync(FIXTURE, 'utf8')) as { journal: string; outputs: Record<string, string> })
  : { journal: '', outputs: {} };
const isRecording = process.env.STRATA_RECORD_ORACLES === '1';
const recording: Record<string, string> = {};
afterAll(() => {
  if (!isRecording) return;
  mkdirSync(join(FIXTURE, '..'), { recursive: true });
  writeFileSync(FIXTURE, `${JSON.stringify({ journal: journalHash, outputs: recording }, null, 2)}\n`);
});

function ledger(args: readonly string[]): string {
  const key = args.join(' ');
  const run = spawnSync('ledger', ['-f', journal, ...args], { encoding: 'utf8' });
  if (run.error) {
    // No ledger here: its recorded answer for this very journal, or a failure (never a silent pass).
    if (recorded.journal !== journalHash || recorded.outputs[key] === undefined) {
      throw new Error(
        `ledger-cli could not be run (${run.error.message}) and its recorded output for \`${key}\` is missing or stale: install it with \`apt install ledger\``,
      );
    }
    return recorded.outputs[key];
  }
  if (run.status !== 0) throw new Error(`ledger ${key} failed: ${run.stderr}`);
  if (isRecording) recording[key] = run.stdout;
  else
    expect(recorded.outputs[key], `recorded output of \`${key}\` (re-record: see the header)`).toBe(
      run.stdout,
    );
  return run.stdout;
}

/** `ledger bal --flat` lines: one amount per line, the account name on the last line of its block. */
function ledgerUnits(date: string): string[] {
  const out = ledger(['bal', '^assets', '--flat', '--no-total', '-e', addDays(date, 1)]);
  const rows: string[] = [];
  let pending: [commodity: string, quantity: string][] = [];
  for (const line of out.split('\n')) {
    if (line.trim() === '') continue;
    const match = /^\s*(-?[\d,.]+) ("[^"]+"|\S+)(?: {2,}(\S.*))?$/.exec(line);
    if (!match) throw new Error(`unexpected ledger balance line: ${line}`);
    pending.push([match[2]!.replaceAll('"', ''), match[1]!.replaceAll(',', '')]);
    if (match[3] === undefined) continue;
    const account = ACCOUNT_OF.get(match[3])!;
    for (const [commodity, quantity] of pending)
      rows.push(`${account} ${ASSET_OF.get(commodity)} ${new Decimal(quantity).toFixed()}`);
    pending = [];
  }
  expect(pending).toEqual([]);
  return rows.sort();
}

/** Each account's market value in USD on `date`, unrounded (ledger computes in exact rationals). */
function ledgerValues(date: string): Map<string, number> {
  const out = ledger([
    'bal',
    '^assets',
    '--flat',
    '--no-total',
    '-e',
    addDays(date, 1),
    '--now',
    date,
    '-X',
    'USD',
    '--balance-format',
    '%(account)\t%(quantity(scrub(display_total)))\n',
  ]);
  const values = new Map<string, number>();
  for (const line of out.trim().split('\n')) {
    const [account, quantity] = line.split('\t');
    values.set(ACCOUNT_OF.get(account!)!, Number(quantity));
  }
  return values;
}

const TOLERANCE = 1e-6;

describe('oracle: ledger-cli', () => {
  it('the repository has holdings in both currencies and in every stock', () => {
    const held = new Set(ledgerUnits(generated.end).map((row) => row.split(' ')[1]));
    expect(held).toEqual(new Set(['usd', 'eur', 's0001', 's0002', 's0003', 's0004', 's0005']));
  });

  it.each(DATES)('positions on %s equal ledger’s balances unit for unit', (date) => {
    const ours = computePositions(input, { date })
      .positions.map((p) => `${p.account_id} ${p.asset_id} ${new Decimal(p.amount).toFixed()}`)
      .sort();
    expect(ours).toEqual(ledgerUnits(date));
  });

  it.each(DATES)('position values on %s add up to ledger’s market value of each account', (date) => {
    const { positions, missing } = computePositions(input, { date });
    expect(missing).toEqual([]);
    const ours = new Map<string, number>();
    for (const p of positions) ours.set(p.account_id, (ours.get(p.account_id) ?? 0) + p.position_close!);
    const theirs = ledgerValues(date);
    expect([...ours.keys()].sort()).toEqual([...theirs.keys()].sort());
    for (const [account, value] of theirs) {
      expect(Math.abs(ours.get(account)! - value), `${account} on ${date}`).toBeLessThanOrEqual(TOLERANCE);
    }
  });

  it('value_view at month ends equals ledger’s market values per account and in total', () => {
    const result = computeAnalytics({
      ...input,
      request: {
        ...input.request,
        periods: 24,
        freq: 'month',
        end: generated.end,
        datasets: ['value_view'],
        scope_kinds: ['repository', 'account'],
      },
    });
    expect(result.missing).toEqual([]);
    let compared = 0;
    for (const date of MONTH_ENDS) {
      const theirs = ledgerValues(date);
      const rows = result.value_view!.filter((row) => row.end === date);
      const ourValue = (kind: string, id: string) =>
        rows.find((row) => row.scope_kind === kind && row.scope_id === id)!.value_end!;
      let total = 0;
      for (const account of ['checking', 'us-brokerage', 'eu-brokerage']) {
        const value = theirs.get(account) ?? 0;
        total += value;
        expect(Math.abs(ourValue('account', account) - value), `${account} on ${date}`).toBeLessThanOrEqual(
          TOLERANCE,
        );
        compared++;
      }
      expect(Math.abs(ourValue('repository', 'repository') - total), `total on ${date}`).toBeLessThanOrEqual(
        TOLERANCE,
      );
      // The grouping account holds both brokerages.
      const investments = (theirs.get('us-brokerage') ?? 0) + (theirs.get('eu-brokerage') ?? 0);
      expect(Math.abs(ourValue('account', 'investments') - investments)).toBeLessThanOrEqual(TOLERANCE);
    }
    expect(compared).toBe(3 * MONTH_ENDS.length);
  });
});
