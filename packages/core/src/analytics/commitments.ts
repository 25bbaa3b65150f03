// Private-fund commitments (DOMAIN.md; docs/domain.md "Private funds"), per fund position (account,
// fund) and in total, since inception up to the timeline end, in the reporting currency (each event at
// its own date's rate):
//   commitment  = Σ subscribe and commit + Σ subscribe and fund − Σ releases
//   called      = Σ commitment drawn by capital calls and fund fees + Σ subscribe and fund
//   contributed = value paid for units by subscribe and fund, capital call, capital contribution
//   recallable  = Σ commitment restored by recallable capital returns
//   unfunded    = commitment − called + recallable
//   paid_in / distributions = money into / out of the fund's scope (its position plus the income and
//                 fees attributed to it), netted per transaction
//   NAV = the position's value at the end; DPI = distributions / paid_in; RVPI = NAV / paid_in;
//   TVPI = DPI + RVPI; IRR = XIRR of −(net flow) at each date and +NAV at the end.
import { fromEpochDay } from '../dates/epoch-day.ts';
import type { TCommitmentRow } from './analytics-types.ts';
import { irrNotDefined, type TDatedFlow, xirrOf } from './irr-moic.ts';

export interface TFundState {
  accountId: string;
  assetId: string;
  name: string;
  commitment: number;
  called: number;
  contributed: number;
  recallable: number;
  paidIn: number;
  distributions: number;
  flows: TDatedFlow[];
}

export class CommitmentBook {
  readonly funds = new Map<string, TFundState>();

  fund(key: string, accountId: string, assetId: string, name: string): TFundState {
    let state = this.funds.get(key);
    if (!state) {
      state = {
        accountId,
        assetId,
        name,
        commitment: 0,
        called: 0,
        contributed: 0,
        recallable: 0,
        paidIn: 0,
        distributions: 0,
        flows: [],
      };
      this.funds.set(key, state);
    }
    return state;
  }

  /** A commitment-role entry, valued in the reporting currency. */
  onCommitment(fund: TFundState, type: string, value: number): void {
    switch (type) {
      case 'subscribe and commit':
        fund.commitment += value;
        break;
      case 'release of commitment':
        fund.commitment -= Math.abs(value);
        break;
      case 'capital call':
      case 'fund fees':
        fund.called += Math.abs(value);
        break;
      case 'recallable capital return':
        fund.recallable += value;
        break;
      default:
        // A type outside the catalogue: more commitment, or a draw on it.
        if (value >= 0) fund.commitment += value;
        else fund.called -= value;
    }
  }

  /** A position entry of the fund with the value the transaction gave it. */
  onPosition(fund: TFundState, type: string, value: number): void {
    if (!(value > 0)) return;
    if (type === 'subscribe and fund') {
      fund.commitment += value;
      fund.called += value;
      fund.contributed += value;
    } else if (type === 'capital call' || type === 'capital contribution') {
      fund.contributed += value;
    }
  }

  /** The fund scope's net flow of one transaction (+ in, − out). */
  onFlow(fund: TFundState, day: number, net: number): void {
    if (net > 0) fund.paidIn += net;
    else fund.distributions -= net;
    fund.flows.push({ day, amount: net });
  }
}

export function commitmentsView(
  book: CommitmentBook,
  navOf: (fund: TFundState) => number,
  endDay: number,
): TCommitmentRow[] {
  const date = fromEpochDay(endDay);
  const rows: TCommitmentRow[] = [];
  const total = {
    commitment: 0,
    called: 0,
    contributed: 0,
    recallable: 0,
    paidIn: 0,
    distributions: 0,
    nav: 0 as number,
    flows: [] as TDatedFlow[],
  };
  const funds = [...book.funds.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const fund of funds) {
    const nav = navOf(fund);
    rows.push(row(fund.accountId, fund.assetId, fund.name, fund, nav, fund.flows));
    total.commitment += fund.commitment;
    total.called += fund.called;
    total.contributed += fund.contributed;
    total.recallable += fund.recallable;
    total.paidIn += fund.paidIn;
    total.distributions += fund.distributions;
    total.nav += nav;
    total.flows.push(...fund.flows);
  }
  if (funds.length > 0) rows.push(row(null, null, 'Total', total, total.nav, total.flows));
  return rows;

  function row(
    accountId: string | null,
    assetId: string | null,
    name: string,
    s: Omit<TFundState, 'accountId' | 'assetId' | 'name' | 'flows'>,
    nav: number,
    flows: TDatedFlow[],
  ): TCommitmentRow {
    const navOrNull = Number.isFinite(nav) ? nav : null;
    const ratio = (x: number | null) => (x !== null && s.paidIn > 0 ? x / s.paidIn : null);
    const irr =
      navOrNull === null
        ? irrNotDefined('MISSING_VALUE')
        : xirrOf([
            ...flows.map((f) => ({ day: f.day, amount: -f.amount })),
            { day: endDay, amount: navOrNull },
          ]);
    const dpi = ratio(s.distributions);
    const rvpi = ratio(navOrNull);
    return {
      account_id: accountId,
      asset_id: assetId,
      name,
      date,
      commitment: s.commitment,
      called: s.called,
      contributed: s.contributed,
      recallable: s.recallable,
      unfunded: s.commitment - s.called + s.recallable,
      distributions: s.distributions,
      paid_in: s.paidIn,
      nav: navOrNull,
      dpi,
      rvpi,
      tvpi: dpi !== null && rvpi !== null ? dpi + rvpi : null,
      ...irr,
    };
  }
}
