// The source tools' own month-end market values for a journal, run live on the same file the import reads:
// hledger (Debian `hledger`) and beancount's library (Debian `python3-beancount`, beancount 2.x). Without
// them the check fails with how to install them, never passes silently.
import { spawnSync } from 'node:child_process';

/** account → month ('YYYY-MM') → value in `currency`, as decimal text. */
export type TMonthlyValues = Map<string, Map<string, string>>;

function run(command: string, args: readonly string[], install: string): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw new Error(`${command} could not be run (${result.error.message}): ${install}`);
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** `hledger bal -M -H --value=end,USD ^assets -O csv`: each asset account's value at each month end. */
export function hledgerMonthlyValues(
  file: string,
  options: { begin: string; end: string; currency: string },
): TMonthlyValues {
  const csv = run(
    'hledger',
    [
      '-f',
      file,
      'bal',
      '-M',
      '-H',
      `--value=end,${options.currency}`,
      '^assets',
      '-O',
      'csv',
      '-b',
      options.begin,
      '-e',
      options.end,
    ],
    'install it with `apt install hledger`',
  );
  const [header, ...rows] = csv
    .trim()
    .split('\n')
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? '').replace(/""/g, '"')));
  const months = (header ?? []).slice(1);
  const values: TMonthlyValues = new Map();
  for (const [account = '', ...cells] of rows) {
    if (account === 'total') continue;
    values.set(
      account,
      new Map(
        months.map((month, i) => [month, (cells[i] ?? '0').replace(` ${options.currency}`, '') || '0']),
      ),
    );
  }
  return values;
}

const BEANCOUNT_VALUES = `
import json, sys, datetime
from decimal import Decimal
from beancount import loader
from beancount.core import convert, prices, realization
entries, errors, options = loader.load_file(sys.argv[1])
if errors:
    sys.exit('beancount: %r' % (errors,))
currency, via = sys.argv[2], tuple(sys.argv[3].split(',')) if sys.argv[3] else ()
price_map = prices.build_price_map(entries)
out = {}
for day in sys.argv[4:]:
    date = datetime.date.fromisoformat(day)
    real = realization.realize([e for e in entries if e.date <= date])
    for account in realization.iter_children(real):
        if not account.account.startswith('Assets') or account.balance.is_empty():
            continue
        total = Decimal(0)
        for position in account.balance:
            market = convert.get_value(position, price_map, date)
            value = convert.convert_amount(market, currency, price_map, via=via, date=date)
            if value.currency != currency:
                sys.exit('no %s price for %s on %s' % (currency, value.currency, day))
            total += value.number
        out.setdefault(account.account, {})[day[:7]] = str(total)
print(json.dumps(out))
`;

/** beancount's library: each Assets account's market value at each date (prices chained through `via`). */
export function beancountMonthlyValues(
  file: string,
  options: { dates: readonly string[]; currency: string; via: readonly string[] },
): TMonthlyValues {
  // Debian's interpreter, the one its python3-beancount package installs into (a pyenv python earlier on
  // the PATH would not see it).
  const json = run(
    '/usr/bin/python3',
    ['-c', BEANCOUNT_VALUES, file, options.currency, options.via.join(','), ...options.dates],
    'install beancount with `apt install python3-beancount`',
  );
  const parsed = JSON.parse(json) as Record<string, Record<string, string>>;
  return new Map(
    Object.entries(parsed).map(([account, months]) => [account, new Map(Object.entries(months))]),
  );
}
