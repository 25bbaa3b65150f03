import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdentityTestApp, type TIdentityTestApp } from '../features/auth/testing/identity-test-app.ts';
import {
  createBrokerageAs,
  createRepositoryAs,
  createTestUser,
  type THttpMethod,
  type TTestUser,
} from '../features/repositories/testing/repository-test-kit.ts';

/**
 * A control character (NUL above all: PostgreSQL refuses it) in any text of any route is a 400
 * VALIDATION_FAILED naming the field. The cases are generated from the OpenAPI document: every string of
 * every body, query and path schema, so a new route or field is covered without a new line here.
 */
const MESSAGE = 'Must not contain control characters (such as NUL)';
const NUL_TEXT = 'a\u0000b';

type TJsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, TJsonSchema>;
  additionalProperties?: TJsonSchema | boolean;
  items?: TJsonSchema;
  anyOf?: TJsonSchema[];
  oneOf?: TJsonSchema[];
  allOf?: TJsonSchema[];
  enum?: unknown[];
  'x-file-text'?: boolean;
};
type TPath = (string | number)[];
type TOperation = {
  parameters?: { in: string; name: string; schema: TJsonSchema }[];
  requestBody?: { content: Record<string, { schema: TJsonSchema }> };
};
type TDocument = {
  paths: Record<string, Record<string, TOperation>>;
  components?: { schemas?: Record<string, TJsonSchema> };
};

/** Where a string can go in a value of `schema`; a free-form value (`{}`) gets a nested object's string. */
function stringPaths(document: TDocument, schema: TJsonSchema, path: TPath = [], depth = 0): TPath[] {
  if (depth > 8) return [];
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() as string;
    return stringPaths(document, document.components?.schemas?.[name] ?? {}, path, depth + 1);
  }
  if (schema['x-file-text']) return [];
  const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])];
  if (branches.length > 0)
    return branches.flatMap((branch) => stringPaths(document, branch, path, depth + 1));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const found: TPath[] = [];
  if (types.includes('string')) found.push(path);
  if (types.includes('array') && schema.items)
    found.push(...stringPaths(document, schema.items, [...path, 0], depth + 1));
  if (types.includes('object')) {
    for (const [key, property] of Object.entries(schema.properties ?? {}))
      found.push(...stringPaths(document, property, [...path, key], depth + 1));
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
      found.push(...stringPaths(document, schema.additionalProperties, [...path, 'key'], depth + 1));
  }
  if (types.length === 0 && !schema.enum) found.push([...path, 'nested', 'deep']);
  return found;
}

/**
 * The smallest value the schema may accept (required properties, first branches), so a case about the
 * query or the path is not stopped first by the body: Fastify validates params, body, querystring in turn.
 */
function minimalValue(
  document: TDocument,
  schema: TJsonSchema & { required?: string[]; minItems?: number; format?: string },
  depth = 0,
): unknown {
  if (depth > 8) return null;
  if (schema.$ref) {
    const name = schema.$ref.split('/').pop() as string;
    return minimalValue(document, document.components?.schemas?.[name] ?? {}, depth + 1);
  }
  const branch = schema.anyOf?.[0] ?? schema.oneOf?.[0];
  if (branch) return minimalValue(document, branch, depth + 1);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return schema.format === 'uuid' ? ID : 'x';
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return (schema.minItems ?? 0) > 0 && schema.items
        ? [minimalValue(document, schema.items, depth + 1)]
        : [];
    default:
      return Object.fromEntries(
        (schema.required ?? []).map((key) => [
          key,
          minimalValue(document, schema.properties?.[key] ?? {}, depth + 1),
        ]),
      );
  }
}

function valueAt(path: TPath, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  if (typeof head === 'number') return [valueAt(rest, leaf)];
  return { [head as string]: valueAt(rest, leaf) };
}

interface TCase {
  method: THttpMethod;
  url: string;
  body?: unknown;
  field: string;
}

const ID = '00000000-0000-4000-8000-000000000000';

function casesOf(document: TDocument): TCase[] {
  const cases: TCase[] = [];
  for (const [openapiPath, operations] of Object.entries(document.paths)) {
    for (const [verb, operation] of Object.entries(operations)) {
      const method = verb.toUpperCase() as THttpMethod;
      const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      const bodySchema = operation.requestBody?.content['application/json']?.schema;
      const body = bodySchema && minimalValue(document, bodySchema);
      const url = (values: Record<string, string> = {}) =>
        openapiPath.replaceAll(/\{(\w+)\}/g, (_, name: string) => values[name] ?? ID);
      for (const parameter of pathParams) {
        cases.push({
          method,
          url: url({ [parameter.name]: encodeURIComponent(NUL_TEXT) }),
          body,
          field: parameter.name,
        });
      }
      for (const parameter of (operation.parameters ?? []).filter((candidate) => candidate.in === 'query')) {
        if (stringPaths(document, parameter.schema).length === 0) continue;
        cases.push({
          method,
          url: `${url()}?${parameter.name}=${encodeURIComponent(NUL_TEXT)}`,
          body,
          field: parameter.name,
        });
      }
      if (!bodySchema) continue;
      for (const path of stringPaths(document, bodySchema)) {
        cases.push({ method, url: url(), body: valueAt(path, NUL_TEXT), field: path.join('.') || 'body' });
      }
    }
  }
  return cases;
}

let t: TIdentityTestApp;
let owner: TTestUser;
let repositoryId: string;

beforeAll(async () => {
  t = await createIdentityTestApp();
  owner = await createTestUser(t, 'owner@example.com');
  repositoryId = await createRepositoryAs(owner, 'Control characters');
});
afterAll(async () => {
  await t?.close();
});

describe('a control character in any text field', () => {
  it('is a 400 VALIDATION_FAILED naming the field, on every route of the OpenAPI document', async () => {
    const document = (await owner.call('GET', '/api/docs/json')).json() as TDocument;
    const cases = casesOf(document);
    // Every body, query and path text of the API; a sharp drop means the generator lost its way.
    expect(cases.length).toBeGreaterThan(150);
    const failures: string[] = [];
    for (const testCase of cases) {
      const response = await owner.call(testCase.method, testCase.url, testCase.body);
      const body = response.json() as { code?: string; details?: { fieldErrors?: Record<string, string[]> } };
      const messages = body.details?.fieldErrors?.[testCase.field] ?? [];
      if (response.statusCode !== 400 || body.code !== 'VALIDATION_FAILED' || !messages.includes(MESSAGE)) {
        failures.push(
          `${testCase.method} ${testCase.url} ${testCase.field}: ${response.statusCode} ${response.body}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses an otherwise valid write that used to reach the database (500) and writes nothing', async () => {
    const created = await owner.call('POST', '/api/tags', {
      repository_id: repositoryId,
      tag_name: 'Region',
      tag_value: 'Europe\u0000',
    });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: `tag_value: ${MESSAGE}`,
      details: { fieldErrors: { tag_value: [MESSAGE] } },
    });
    const tags = (await owner.call('GET', `/api/tags?repository_id=${repositoryId}`)).json() as {
      tag_name: string;
    }[];
    expect(tags.filter((tag) => tag.tag_name === 'Region')).toEqual([]);
  });

  it('names a key or value deep inside a settings blob', async () => {
    const current = (await owner.call('GET', `/api/users/${owner.id}/settings`)).json();
    const saved = await owner.call('POST', `/api/users/${owner.id}/settings`, {
      ...current,
      uiSettings: { grid: { columns: ['name', 'ti\u0001cker'] }, 'bad\u0000key': true, lone: 'x\uDC00' },
    });
    expect(saved.statusCode).toBe(400);
    expect(saved.json().details.fieldErrors).toEqual({
      'uiSettings.grid.columns.1': [MESSAGE],
      'uiSettings.bad\\u0000key': [MESSAGE],
      // PostgreSQL's jsonb refuses a lone surrogate too (it was a 500).
      'uiSettings.lone': ['Must be valid Unicode (it holds an unpaired surrogate)'],
    });
  });

  it('refuses a NUL in a search querystring', async () => {
    const response = await owner.call('GET', `/api/transactions?repository_id=${repositoryId}&search=%00`);
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({ search: [MESSAGE] });
  });

  it('lets tab, line feed and carriage return through', async () => {
    const created = await owner.call('POST', '/api/tags', {
      repository_id: repositoryId,
      tag_name: 'Note',
      tag_value: 'line one\r\nline\ttwo',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().tag_value).toBe('line one\r\nline\ttwo');
  });
});

describe('a control character in a cell of an imported CSV', () => {
  const header = 'type,date,account1,amount1,asset1,account2,amount2,asset2,account3,account4,description';

  it('is a field error of its line and column, and nothing is written', async () => {
    await createBrokerageAs(owner, repositoryId);
    const csv = [
      header,
      'deposit,2024-01-02,Broker,100,US Dollar,,,,,,fine',
      'deposit,2024-01-03,Broker,100,US Dollar,,,,,,bad\u0000note',
      '',
    ].join('\n');
    // The background import runs the same check (checkImport) in its worker.
    const response = await owner.call('POST', '/api/transactions/import', {
      repository_id: repositoryId,
      csv,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fieldErrors).toEqual({ 'line 3 description': [MESSAGE] });
    const listed = (await owner.call('GET', `/api/transactions?repository_id=${repositoryId}`)).json();
    expect(listed.data).toEqual([]);
  });
});
