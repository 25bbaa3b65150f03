import { getAnalytics, type TAnalyticsResponse } from '@strata/contracts/analytics';
import { listAssets, type TAsset } from '@strata/contracts/assets';
import { ZCalendarDay } from '@strata/contracts/calendar-day';
import { ZRecordId } from '@strata/contracts/repositories';
import { listTransactions } from '@strata/contracts/transactions';
import {
  summarizeIncome,
  summarizePositions,
  summarizeValueChangeByAccount,
} from '@strata/core/assistant/tool-summaries';
import { isHoldingAccountKind, isInstrumentType } from '@strata/core/transactions/asset-kinds';
import { z } from 'zod';
import type { TChatTool } from './chat-completions-client.ts';
import { ToolReadError, type TReadAsCaller } from './read-as-caller.ts';

export interface TToolContext {
  read: TReadAsCaller;
  /** The repository the conversation is about: fixed by the route, never an argument the model picks. */
  repositoryId: string;
}

interface TTool<S extends z.ZodType> {
  name: string;
  description: string;
  args: S;
  run(args: z.output<S>, context: TToolContext): Promise<unknown>;
}

function defineTool<S extends z.ZodType>(tool: TTool<S>): TTool<S> {
  return tool;
}

const ZPeriodArgs = {
  freq: z.enum(['month', 'quarter', 'year']).describe('Calendar period length'),
  periods: z
    .number()
    .int()
    .min(1)
    .max(24)
    .default(1)
    .describe('How many periods, ending with the one holding `end`'),
  end: ZCalendarDay.optional().describe(
    'A day (YYYY-MM-DD) in the last period; the period runs to this day. Absent: today. For last year use its 31 December.',
  ),
};

async function assetsOf(context: TToolContext): Promise<TAsset[]> {
  return (await context.read(listAssets, { query: { repository_id: context.repositoryId } })).data;
}

async function analyticsOf(context: TToolContext, query: Record<string, string | number | undefined>) {
  const answer: TAnalyticsResponse = await context.read(getAnalytics, {
    params: { id: context.repositoryId },
    query,
  });
  if (answer.status === 'error')
    throw new ToolReadError(answer.message ?? 'Analytics calculated with an error');
  return answer;
}

const listAccountsTool = defineTool({
  name: 'list_accounts',
  description:
    'The holding accounts of the repository (bank, brokerage, wallets, loans…) with type and currency.',
  args: z.strictObject({}),
  async run(_args, context) {
    return (await assetsOf(context))
      .filter((asset) => isHoldingAccountKind(asset.type))
      .map(({ id, name, type, currency, parent_id }) => ({ id, name, type, currency, parent_id }));
  },
});

const listAssetsTool = defineTool({
  name: 'list_assets',
  description: 'The instruments of the repository (stocks, funds, crypto, property…), currencies on request.',
  args: z.strictObject({ include_currencies: z.boolean().default(false) }),
  async run(args, context) {
    return (await assetsOf(context))
      .filter(
        (asset) => isInstrumentType(asset.type) && (args.include_currencies || asset.type !== 'currency'),
      )
      .map(({ id, name, ticker, type, currency }) => ({ id, name, ticker, type, currency }));
  },
});

const incomeTool = defineTool({
  name: 'income_by_period',
  description:
    'Income (dividends, interest, …) and expenses of the whole repository per calendar period and category, in the reporting currency.',
  args: z.strictObject(ZPeriodArgs),
  async run(args, context) {
    const answer = await analyticsOf(context, {
      datasets: 'income_view',
      scopes: 'repository',
      freq: args.freq,
      periods: args.periods,
      end: args.end,
    });
    return answer.result ? summarizeIncome(answer.result) : { message: answer.message };
  },
});

const valueChangeTool = defineTool({
  name: 'value_change_by_account',
  description:
    "Each account's value at the start and end of each period, its change, net deposits, income and market change (gain or loss), biggest market loss first.",
  args: z.strictObject(ZPeriodArgs),
  async run(args, context) {
    const answer = await analyticsOf(context, {
      datasets: 'value_view',
      scopes: 'account',
      freq: args.freq,
      periods: args.periods,
      end: args.end,
    });
    return answer.result ? summarizeValueChangeByAccount(answer.result) : { message: answer.message };
  },
});

const positionsTool = defineTool({
  name: 'positions',
  description: 'What is held on a day: units, market value, cost basis and gain per account and asset.',
  args: z.strictObject({
    date: ZCalendarDay.optional().describe('YYYY-MM-DD; absent: today'),
    account_id: ZRecordId.optional().describe('Only this account (an id from list_accounts)'),
  }),
  async run(args, context) {
    const [answer, assets] = await Promise.all([
      analyticsOf(context, {
        data: 'position',
        date: args.date,
        accounts: args.account_id ? JSON.stringify([args.account_id]) : undefined,
      }),
      assetsOf(context),
    ]);
    if (!answer.result) return { message: answer.message };
    const names = new Map(assets.map((asset) => [asset.id, asset.name]));
    return summarizePositions(answer.result.position_view ?? [], (id) => names.get(id));
  },
});

const transactionsTool = defineTool({
  name: 'search_transactions',
  description:
    'Transactions whose description, type or account/asset names match the text, newest first (read-only).',
  args: z.strictObject({
    text: z.string().max(255).optional().describe('Words to look for; absent: the latest transactions'),
    limit: z.number().int().min(1).max(25).default(10),
  }),
  async run(args, context) {
    const [page, assets] = await Promise.all([
      context.read(listTransactions, {
        query: {
          repository_id: context.repositoryId,
          search: args.text || undefined,
          page_size: args.limit,
          sort: JSON.stringify([{ field: 'date', sortDirection: 'descending' }]),
        },
      }),
      assetsOf(context),
    ]);
    const names = new Map(assets.map((asset) => [asset.id, asset.name]));
    return {
      total: page.meta.total,
      transactions: page.data.map((transaction) => ({
        date: transaction.date,
        type: transaction.type,
        description: transaction.description,
        entries: transaction.entries.map((entry) => ({
          account: names.get(entry.account_id) ?? entry.account_id,
          asset: names.get(entry.asset_id) ?? entry.asset_id,
          amount: entry.amount,
        })),
      })),
    };
  },
});

const TOOLS = [
  listAccountsTool,
  listAssetsTool,
  incomeTool,
  valueChangeTool,
  positionsTool,
  transactionsTool,
] as const;

/** What the model is offered (OpenAI "function" tools; the parameters are the argument schemas as JSON Schema). */
export const ASSISTANT_TOOLS: TChatTool[] = TOOLS.map((tool) => ({
  type: 'function',
  function: {
    name: tool.name,
    description: tool.description,
    parameters: z.toJSONSchema(tool.args, { io: 'input' }) as Record<string, unknown>,
  },
}));

export interface TToolOutcome {
  /** The text handed back to the model as the role 'tool' message. */
  content: string;
  isError: boolean;
}

const failure = (error: string): TToolOutcome => ({ content: JSON.stringify({ error }), isError: true });

/**
 * Runs one tool call. Every failure — an unknown or write tool, arguments that are not JSON or break the
 * schema, a read the caller may not make — becomes an error the model reads and can correct; none ends the
 * conversation.
 */
export async function runTool(
  name: string,
  argumentsText: string,
  context: TToolContext,
): Promise<TToolOutcome> {
  const tool = TOOLS.find((candidate) => candidate.name === name);
  if (!tool) {
    return failure(
      `There is no tool "${name}". The assistant can only read, with: ${TOOLS.map((t) => t.name).join(', ')}.`,
    );
  }
  let raw: unknown;
  try {
    raw = argumentsText.trim() === '' ? {} : JSON.parse(argumentsText);
  } catch {
    return failure(`The arguments of ${name} are not valid JSON: ${argumentsText.slice(0, 200)}`);
  }
  const args = (tool.args as z.ZodType).safeParse(raw);
  if (!args.success) {
    const problems = args.error.issues.map(
      (issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`,
    );
    return failure(`Invalid arguments for ${name}: ${problems.join('; ')}`);
  }
  try {
    const result = await (tool.run as (args: unknown, context: TToolContext) => Promise<unknown>)(
      args.data,
      context,
    );
    return { content: JSON.stringify(result), isError: false };
  } catch (error) {
    if (error instanceof ToolReadError) return failure(error.message);
    throw error;
  }
}
