// The linked transactions grid scrolling 100k rows in Chromium (issue 23: "at the two-frame floor, lazy pages
// of 50"):
//
//   node bench/web/grid-scroll.ts [--rows 100000] [--seconds 4] [--latency 0]
//
// Builds bench/web/grid-scroll/ (the app's LinkedTransactionsGrid in its providers, production build), serves
// it, and opens it in the e2e tier's headless Chromium at 1280×800. GET /api/linked_data/transactions is
// answered by the driver (page.route) with generated rows, `--latency` ms after the request: the server's and
// the network's time are not measured here (bench/linked-data/transactions.ts measures the server's). Then,
// in the page, requestAnimationFrame times every frame while
//   - idle: nothing moves (the frame floor of this browser on this machine: the baseline),
//   - warm: 10 rows per frame back and forth over 400 rows already loaded (the canvas alone),
//   - steady: the grid scrolls 10 rows per frame (600 rows/s at 60 Hz) into rows not loaded yet, and
//   - fling: 200 rows per frame, every frame landing on rows not loaded yet (loading cells, then the page).
// A frame over two idle frames (the two-frame floor) counts as late. Prints markdown tables; no budget is
// asserted (the machine is shared: compare with the idle row of the same run).
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { openBrowser } from '../../e2e/support/browser.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '4' },
    latency: { type: 'string', default: '0' },
  },
});
const ROWS = Number(values.rows);
const SECONDS = Number(values.seconds);
const LATENCY_MS = Number(values.latency);
const ROW_HEIGHT = 34;

const outDir = mkdtempSync(join(tmpdir(), 'strata-grid-scroll-'));
await build({
  configFile: false,
  root: join(import.meta.dirname, 'grid-scroll'),
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true },
});

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
const server = createServer((request, response) => {
  const path = normalize(
    join(outDir, (request.url ?? '/').split('?')[0] === '/' ? 'index.html' : (request.url ?? '')),
  );
  if (!path.startsWith(outDir) || !existsSync(path) || !statSync(path).isFile()) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
  createReadStream(path).pipe(response);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const CATEGORIES = ['Groceries', 'Dining', 'Rent', 'Utilities', 'Travel', 'Salary', 'Shopping', 'Health'];
const PAYEES = ['Corner Market', 'City Power', 'Acme Payroll', 'Blue Bottle', 'Rail Co', 'Pharmacy Plus'];
const hex = (n: number) => n.toString(16).padStart(12, '0');

/** Row `index` (0 = newest) of the generated list, as the contract answers it. */
function row(index: number) {
  const day = new Date(Date.UTC(2026, 10, 27) - Math.floor(index / 40) * 86_400_000);
  const date = day.toISOString().slice(0, 10);
  const month = day.getUTCMonth() + 1;
  return {
    id: `00000000-0000-4000-8000-${hex(index + 1)}`,
    linked_account_id: '00000000-0000-4000-9000-000000000001',
    connector_name: 'Bench Bank',
    access_method: 'file',
    account_name: 'Checking',
    account_number: '****1234',
    account_type: 'checking',
    asset_id: null,
    fitid: `F${index}`,
    date,
    year: day.getUTCFullYear(),
    quarter: Math.ceil(month / 3),
    month,
    type: index % 7 === 0 ? 'credit' : 'debit',
    amount: `${index % 7 === 0 ? '' : '-'}${(index % 9973) + 1}.${String(index % 100).padStart(2, '0')}`,
    currency: 'USD',
    counterparty: PAYEES[index % PAYEES.length] as string,
    description: `Card payment ${index}`,
    check_number: null,
    category: CATEGORIES[index % CATEGORIES.length] as string,
    subcategory: null,
    status: 'posted',
    tags: index % 11 === 0 ? [{ id: '00000000-0000-4000-a000-000000000001', name: 'review' }] : [],
    investment_kind: null,
    security_id: null,
    quantity: null,
    unit_price: null,
    mapping_status: (['ok', 'failed', 'pending', 'none'] as const)[index % 4],
    mapping_message: index % 4 === 1 ? 'No rule matched' : null,
    transaction_id: null,
  };
}

const browser = await openBrowser({ width: 1280, height: 800 });
let pagesServed = 0;
try {
  const { page } = browser;
  await page.route('**/api/linked_data/transactions?*', async (route) => {
    const query = new URL(route.request().url()).searchParams;
    const pageNo = Number(query.get('page_no') ?? 1);
    const pageSize = Number(query.get('page_size') ?? 50);
    const first = (pageNo - 1) * pageSize;
    const data = Array.from({ length: Math.max(0, Math.min(pageSize, ROWS - first)) }, (_, i) =>
      row(first + i),
    );
    pagesServed += 1;
    if (LATENCY_MS > 0) await new Promise((resolve) => setTimeout(resolve, LATENCY_MS));
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({ data, meta: { page_size: pageSize, page_no: pageNo, total: ROWS } }),
    });
  });
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.getByText(`${ROWS.toLocaleString('en')} rows`).waitFor({ timeout: 60_000 });
  await page.locator('.dvn-scroller').waitFor({ timeout: 60_000 });
  await page.waitForTimeout(500);

  /** Frame intervals (ms) over `seconds`, the grid's scroller moved by `rowsPerFrame` rows each frame. */
  const run = (rowsPerFrame: number, lastRow = Number.POSITIVE_INFINITY) =>
    page.evaluate(
      ({ rowsPerFrame, seconds, rowHeight, lastRow }) =>
        new Promise<{ intervals: number[]; rowsTravelled: number }>((resolve) => {
          const scroller = document.querySelector('.dvn-scroller') as HTMLElement;
          const intervals: number[] = [];
          let last = performance.now();
          const end = last + seconds * 1000;
          const startTop = scroller.scrollTop;
          let direction = 1;
          const tick = (now: number) => {
            intervals.push(now - last);
            last = now;
            if (rowsPerFrame > 0) {
              const max = Math.min(scroller.scrollHeight - scroller.clientHeight, lastRow * rowHeight);
              let next = scroller.scrollTop + direction * rowsPerFrame * rowHeight;
              if (next >= max || next <= 0) direction = -direction;
              next = Math.min(max, Math.max(0, next));
              scroller.scrollTop = next;
            }
            if (now < end) requestAnimationFrame(tick);
            else
              resolve({
                intervals: intervals.slice(1),
                rowsTravelled: Math.abs(scroller.scrollTop - startTop) / rowHeight,
              });
          };
          requestAnimationFrame((now) => {
            last = now;
            requestAnimationFrame(tick);
          });
        }),
      // Infinity does not survive the trip into the page.
      { rowsPerFrame, seconds: SECONDS, rowHeight: ROW_HEIGHT, lastRow: Math.min(lastRow, ROWS) },
    );

  const idle = await run(0);
  // Back and forth over the first 400 rows: after the first pass their 8 pages are held (10 at most), so
  // this is the canvas scrolling with no page arriving.
  const warm = await run(10, 400);
  await page.evaluate(() => {
    (document.querySelector('.dvn-scroller') as HTMLElement).scrollTop = 0;
  });
  const servedBeforeSteady = pagesServed;
  const steady = await run(10);
  const steadyPages = pagesServed - servedBeforeSteady;
  await page.evaluate(() => {
    (document.querySelector('.dvn-scroller') as HTMLElement).scrollTop = 0;
  });
  await page.waitForTimeout(300);
  const servedBeforeFling = pagesServed;
  const fling = await run(200);
  const flingPages = pagesServed - servedBeforeFling;

  const percentile = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
  const sortedIdle = [...idle.intervals].sort((a, b) => a - b);
  const floor = percentile(sortedIdle, 50);
  const twoFrames = 2 * floor;
  const summary = (name: string, intervals: number[], note: string) => {
    const sorted = [...intervals].sort((a, b) => a - b);
    const late = intervals.filter((ms) => ms > twoFrames + 0.5).length;
    return `| ${name} | ${intervals.length} | ${percentile(sorted, 50).toFixed(1)} | ${percentile(sorted, 95).toFixed(1)} | ${percentile(sorted, 99).toFixed(1)} | ${(sorted.at(-1) ?? 0).toFixed(1)} | ${late} (${((100 * late) / Math.max(1, intervals.length)).toFixed(1)} %) | ${(percentile(sorted, 95) / percentile(sortedIdle, 95)).toFixed(2)} | ${note} |`;
  };
  console.log(
    `Chromium headless (--disable-gpu), 1280×800, ${ROWS.toLocaleString('en')} rows, pages of 50, answer latency ${LATENCY_MS} ms, ${SECONDS} s per run; two-frame floor = 2 × idle median = ${twoFrames.toFixed(1)} ms\n`,
  );
  console.log(
    '| run | frames | p50 ms | p95 ms | p99 ms | max ms | late (> two frames) | p95 / idle p95 | notes |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  console.log(summary('idle (baseline)', idle.intervals, ''));
  console.log(summary('warm, 10 rows/frame within 400 loaded rows', warm.intervals, 'no page arrives'));
  console.log(
    summary(
      'steady, 10 rows/frame',
      steady.intervals,
      `${Math.round(steady.rowsTravelled)} rows, ${steadyPages} pages`,
    ),
  );
  console.log(
    summary('fling, 200 rows/frame', fling.intervals, `${flingPages} pages fetched during the run`),
  );
} finally {
  await browser.close();
  server.close();
  rmSync(outDir, { recursive: true, force: true });
}
