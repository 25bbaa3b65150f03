import type { Random } from './random.ts';

/** The slice of JSON Schema (as @fastify/swagger writes the zod contracts) the sampler reads. */
export interface TJsonSchema {
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  required?: string[];
  additionalProperties?: boolean | TJsonSchema;
  items?: TJsonSchema;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

/**
 * Where the sampler finds real ids: pools of ids the run has seen, by resource (`assets`, `tags`, …). Values
 * that look like ids are drawn from the pool their field name points to, so most requests reach the
 * service layer instead of stopping at a 404.
 */
export interface TSampleContext {
  random: Random;
  pool(resource: string): readonly string[];
  /** The resource of the operation's own `id`/`ids` (the first path segment after /api). */
  ownResource: string;
  counter: { n: number };
}

const idResourceByName: Record<string, string> = {
  repository_id: 'repositories',
  lastActiveRepository: 'repositories',
  asset_id: 'assets',
  account_id: 'assets',
  pos_id: 'assets',
  parent_id: 'assets',
  assets: 'assets',
  accounts: 'assets',
  tag_id: 'tags',
  tags: 'tags',
  uuid: 'users',
  emailOrId: 'users',
};

export function idResourceOf(name: string, ownResource: string): string | undefined {
  if (name === 'id' || name === 'ids') return ownResource;
  return idResourceByName[name];
}

const words = ['Alpha', 'Brokerage', 'Growth Fund', 'Cash', 'Lake house', 'Dividends', 'Ünïcødé €', 'x'];

export function validDate(random: Random): string {
  const year = random.int(2000, 2030);
  const month = random.int(1, 12);
  const day = random.int(1, 28);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function decimalText(random: Random): string {
  const whole = random.int(0, 100_000);
  return random.chance(0.5) ? String(whole) : `${whole}.${random.int(0, 9999)}`;
}

function branchesOf(schema: TJsonSchema): TJsonSchema[] | undefined {
  return schema.anyOf ?? schema.oneOf;
}

function isNullSchema(schema: TJsonSchema): boolean {
  return schema.type === 'null';
}

function sampleString(schema: TJsonSchema, name: string, context: TSampleContext): string {
  const { random } = context;
  const resource = idResourceOf(name, context.ownResource);
  if (resource && (schema.format === 'uuid' || name.endsWith('_id') || name === 'id' || random.chance(0.8))) {
    const pool = context.pool(resource);
    if (pool.length > 0 && random.chance(0.9)) return random.pick(pool);
  }
  if (schema.format === 'uuid' || schema.pattern?.includes('[0-9a-fA-F]{8}')) return random.uuid();
  if (schema.format === 'date' || schema.pattern?.includes('\\d{4}-') || /date|^from$|^to$|^end$/.test(name))
    return validDate(random);
  if (schema.pattern?.includes('{3}$')) return random.pick(['USD', 'EUR', 'GBP', 'CHF', 'JPY']);
  if (/amount|close|price/.test(name)) return decimalText(random);
  if (/email/i.test(name)) return `fuzz-${context.counter.n++}@example.com`;
  if (name === 'filter') return random.pick(['{"groups":[]}', '{"match":"all","groups":[]}', '{}']);
  if (name === 'sort') return random.pick(['[]', '[{"field":"date","direction":"desc"}]']);
  if (name === 'csv') {
    const rows = Array.from(
      { length: random.int(1, 3) },
      () => `deposit,${validDate(random)},Broker,${decimalText(random)},US Dollar,,,,,,Fuzz`,
    );
    return [
      `type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description`,
      ...rows,
    ].join('\n');
  }
  const text = `${random.pick(words)} ${context.counter.n++}`;
  const max = schema.maxLength ?? 64;
  const min = schema.minLength ?? 0;
  return text.length > max ? text.slice(0, max) : text.padEnd(min, 'x');
}

function sampleNumber(schema: TJsonSchema, isInteger: boolean, random: Random): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum === undefined ? 0 : schema.exclusiveMinimum + 1);
  const max = schema.maximum ?? (schema.exclusiveMaximum === undefined ? 1000 : schema.exclusiveMaximum - 1);
  const value = min + random.next() * (Math.max(max, min) - min);
  return isInteger ? Math.round(value) : Math.round(value * 100) / 100;
}

/** A value the schema accepts (as far as a sampler can tell): the fuzzer's unmutated starting point. */
export function sampleSchema(
  schema: TJsonSchema | undefined,
  name: string,
  context: TSampleContext,
  depth = 0,
): unknown {
  const { random } = context;
  if (!schema || depth > 8) return null;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return random.pick(schema.enum);
  const branches = branchesOf(schema);
  if (branches) {
    const nonNull = branches.filter((branch) => !isNullSchema(branch));
    const choice = nonNull.length > 0 && random.chance(0.9) ? random.pick(nonNull) : random.pick(branches);
    return sampleSchema(choice, name, context, depth + 1);
  }
  if (schema.allOf?.[0]) return sampleSchema(schema.allOf[0], name, context, depth + 1);
  const type = Array.isArray(schema.type) ? random.pick(schema.type) : schema.type;
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return random.chance(0.5);
    case 'integer':
      return sampleNumber(schema, true, random);
    case 'number':
      return sampleNumber(schema, false, random);
    case 'string':
      return sampleString(schema, name, context);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.min(schema.maxItems ?? min + 3, min + 3);
      return Array.from({ length: random.int(min, Math.max(min, max)) }, () =>
        sampleSchema(schema.items, name, context, depth + 1),
      );
    }
    case 'object': {
      const result: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, property] of Object.entries(schema.properties ?? {})) {
        if (required.has(key) || random.chance(0.75))
          result[key] = sampleSchema(property, key, context, depth + 1);
      }
      return result;
    }
    default:
      // An unconstrained value (z.unknown(), z.any()): a small object is the most common real use.
      return random.chance(0.5) ? {} : sampleString({}, name, context);
  }
}
