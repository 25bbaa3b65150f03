import { describe, expect, it } from 'vitest';
import { withPinnedRows } from './pinned-pages.ts';

const SERVER = Array.from({ length: 7 }, (_, index) => `s${index}`);
const id = (row: string) => row;

function server(calls: number[] = []) {
  return async (pageNo: number, pageSize: number) => {
    calls.push(pageNo);
    return { data: SERVER.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: SERVER.length };
  };
}
const signal = () => new AbortController().signal;
const allPages = async (fetchPage: ReturnType<typeof withPinnedRows<string>>, pageSize: number) => {
  const first = await fetchPage(1, pageSize, signal());
  const pages = [first];
  for (let pageNo = 2; (pageNo - 1) * pageSize < first.total; pageNo++)
    pages.push(await fetchPage(pageNo, pageSize, signal()));
  return { rows: pages.map((page) => page.data), totals: new Set(pages.map((page) => page.total)) };
};

describe('withPinnedRows', () => {
  it('passes the server through when nothing is pinned', async () => {
    const fetchPage = server();
    expect(withPinnedRows(fetchPage, [], id)).toBe(fetchPage);
  });

  it('puts the pinned rows first and shifts the server rows across page boundaries', async () => {
    const calls: number[] = [];
    const { rows, totals } = await allPages(withPinnedRows(server(calls), ['new1', 'new2'], id), 3);
    expect(rows).toEqual([
      ['new1', 'new2', 's0'],
      ['s1', 's2', 's3'],
      ['s4', 's5', 's6'],
    ]);
    expect([...totals]).toEqual([9]);
    // Each server page is fetched once, though two virtual pages need it.
    expect(calls.toSorted()).toEqual([1, 2, 3]);
  });

  it('does not show twice a pinned row the server lists on its first page', async () => {
    const { rows, totals } = await allPages(withPinnedRows(server(), ['s2', 'new', 's0'], id), 3);
    expect(rows).toEqual([
      ['s2', 'new', 's0'],
      ['s1', 's3', 's4'],
      ['s5', 's6'],
    ]);
    expect([...totals]).toEqual([8]);
  });

  it('keeps a pinned row the server lists further down in both places', async () => {
    const { rows } = await allPages(withPinnedRows(server(), ['s5'], id), 3);
    expect(rows.flat()).toEqual(['s5', 's0', 's1', 's2', 's3', 's4', 's5', 's6']);
  });

  it('rejects a page whose caller aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(withPinnedRows(server(), ['a'], id)(1, 2, controller.signal)).rejects.toThrow();
  });
});
