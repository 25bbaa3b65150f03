// The largest figures the engine reports on a generated repository, to see absurd ones at a glance
// (issue #18: rounding residue booked as a contribution gave MOIC 3.4e15 and cumulative TWR 2.1e21).
//
//   npx node bench/analytics/extremes.ts [bench/out/analytics/repository-100000.json]
//
// Prints, per scope kind, the largest timeline MOIC, |IRR| and |cumulative TWR| with the scope's
// name, and how many rows have contributions below 1e-6 that are not 0 (residue, not money).
import { readFileSync } from 'node:fs';
import { computeAnalytics } from '../../packages/core/src/analytics/compute-analytics.ts';
import { fromColumnarJson } from './generate.ts';

const file = process.argv[2] ?? 'bench/out/analytics/repository-100000.json';
const result = computeAnalytics(fromColumnarJson(JSON.parse(readFileSync(file, 'utf8'))));
type TTop = { value: number; name: string };
const top = new Map<string, { moic: TTop; irr: TTop; twr: TTop; tiny: number }>();
const entry = (kind: string) => {
  let found = top.get(kind);
  if (!found) {
    found = {
      moic: { value: 0, name: '' },
      irr: { value: 0, name: '' },
      twr: { value: 0, name: '' },
      tiny: 0,
    };
    top.set(kind, found);
  }
  return found;
};
const keep = (slot: TTop, value: number | null, name: string) => {
  if (value !== null && Math.abs(value) > Math.abs(slot.value)) {
    slot.value = value;
    slot.name = name;
  }
};
for (const row of result.irr_moic_view ?? []) {
  const e = entry(row.scope_kind);
  if (row.contributions !== null && row.contributions !== 0 && Math.abs(row.contributions) < 1e-6) e.tiny++;
  if (row.period !== -1) continue;
  keep(e.moic, row.moic, row.scope_name);
  keep(e.irr, row.irr, row.scope_name);
}
for (const row of result.performance_view ?? [])
  keep(entry(row.scope_kind).twr, row.cumulative_twr, row.scope_name);
const fmt = (t: TTop) => `${t.value.toPrecision(4)} (${t.name})`;
console.log(
  '| scope kind | max timeline MOIC | max abs timeline IRR | max abs cumulative TWR | rows with 0 < contributions < 1e-6 |',
);
console.log('|---|---|---|---|---:|');
for (const [kind, e] of top)
  console.log(`| ${kind} | ${fmt(e.moic)} | ${fmt(e.irr)} | ${fmt(e.twr)} | ${e.tiny} |`);
