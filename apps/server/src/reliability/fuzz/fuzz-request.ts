import type { Random } from './random.ts';
import { sampleSchema, type TJsonSchema, type TSampleContext } from './schema-sample.ts';

export interface TOperationParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: TJsonSchema;
}

/** One method on one path of the OpenAPI document. */
export interface TOperation {
  method: string;
  /** OpenAPI form: `/api/assets/{id}`. */
  path: string;
  parameters: TOperationParameter[];
  jsonBody?: TJsonSchema;
  /** The first path segment after /api, whose ids `id` and `ids` name (`transactions/import` → tasks). */
  resource: string;
}

export interface TFuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was done to the request, for the failure report: `wrong-type body.entries.0.amount`. */
  mutation: string;
}

/** A presigned upload form seen in an answer: where the fuzzer's multipart bodies start from. */
export interface TUploadForm {
  fields: Record<string, string>;
}

export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
}): TOperation[] {
  const operations: TOperation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = ((operation.parameters ?? []) as TOperationParameter[]).filter(
        (parameter) => parameter.in === 'path' || parameter.in === 'query',
      );
      const body = operation.requestBody as { content?: Record<string, { schema: TJsonSchema }> } | undefined;
      const segments = path.split('/').filter(Boolean);
      const resource =
        segments[1] === 'transactions' && segments[2] === 'import' ? 'tasks' : (segments[1] ?? '');
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters,
        jsonBody: body?.content?.['application/json']?.schema,
        resource: resource === 'cache' ? 'repositories' : resource,
      });
    }
  }
  return operations;
}

export const MUTATIONS = [
  'none',
  'broken-json',
  'wrong-type',
  'control-bytes',
  'huge-string',
  'extreme-number',
  'impossible-date',
  'prototype-key',
  'path-traversal',
  'wrong-content-type',
] as const;
export type TMutation = (typeof MUTATIONS)[number];

const CONTROL_BYTES = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\ud800',
  '\uffff',
  '\r\n',
  '\t',
];
const IMPOSSIBLE_DATES = [
  '2023-02-30',
  '2023-02-29',
  '2023-13-01',
  '2023-00-10',
  '2023-04-31',
  '0000-00-00',
  '9999-99-99',
  '0000-01-01',
  '10000-01-01',
  '-0001-01-01',
  '2023-1-5',
  '2023/01/05',
  '2023-01-05T25:61:00Z',
  '+275760-09-14',
  '1899-12-31T00:00:00.000Z',
  '294277-01-01',
];
const TRAVERSALS = [
  '../../../../etc/passwd',
  '..\\..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '/etc/passwd',
  'file:///etc/passwd',
  '....//....//etc/passwd',
  'a/../../b',
  '~/.ssh/id_rsa',
  '\\\\server\\share\\x',
  'imports/../../../outside',
];
/** Numbers JSON.stringify cannot write; they go into the body text as raw tokens. 1e999 parses as Infinity. */
const RAW_NUMBER_TOKENS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '1e-999',
  '123456789012345678901234567890',
];
const EXTREME_NUMBERS: unknown[] = [
  1e308,
  -1e308,
  Number.MIN_VALUE,
  -0,
  2 ** 53 + 2,
  1e21,
  0.30000000000000004,
];
const EXTREME_NUMBER_TEXTS = [
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '-1e308',
  '1e-308',
  '1e999',
  '0x10',
  '1_000',
  '１２',
  ' 1 ',
  '-0',
  '.5e-7',
];
const WRONG_TYPES: unknown[] = [true, false, 0, -1, 3.5, '', 'text', [], [1, 'a'], {}, { a: 1 }, null];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

const PROTO_PLACEHOLDER = '__FUZZ_PROTO_KEY__';
const rawPlaceholder = (index: number) => `__FUZZ_RAW_${index}__`;

type TPath = (string | number)[];
type TBody = { value: unknown };

/** encodeURIComponent, except that a lone surrogate goes as the bytes a careless encoder (CESU-8) writes. */
function encodePathValue(value: string): string {
  return Array.from(value, (character) => {
    try {
      return encodeURIComponent(character);
    } catch {
      return '%ED%A0%80';
    }
  }).join('');
}

function typeOf(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
}

/** Every place in a value: the value itself, then each nested property and element. */
function pathsOf(value: unknown, path: TPath = [], into: TPath[] = []): TPath[] {
  into.push(path);
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) pathsOf(value[index], [...path, index], into);
  } else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) pathsOf(item, [...path, key], into);
  return into;
}

function getAt(body: TBody, path: TPath): unknown {
  let current: unknown = body.value;
  for (const key of path) current = (current as Record<string | number, unknown>)[key];
  return current;
}

function setAt(body: TBody, path: TPath, value: unknown): void {
  if (path.length === 0) {
    body.value = value;
    return;
  }
  const parent = getAt(body, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1] as string | number] = value;
}

export class RequestFuzzer {
  private readonly random: Random;
  private readonly context: TSampleContext;
  private readonly uploadForms: () => readonly TUploadForm[];

  constructor(context: TSampleContext, uploadForms: () => readonly TUploadForm[]) {
    this.random = context.random;
    this.context = context;
    this.uploadForms = uploadForms;
  }

  /** A request to `operation`, valid as sampled and then broken by one mutation (or none). */
  request(operation: TOperation): TFuzzRequest {
    const random = this.random;
    const context = { ...this.context, ownResource: operation.resource };
    const pathValues: Record<string, string> = {};
    const query: Record<string, unknown> = {};
    for (const parameter of operation.parameters) {
      const value = sampleSchema(parameter.schema, parameter.name, context);
      if (parameter.in === 'path') pathValues[parameter.name] = String(value);
      else if (parameter.required || random.chance(0.7)) query[parameter.name] = value;
    }
    const body: TBody | undefined = operation.jsonBody
      ? { value: sampleSchema(operation.jsonBody, 'body', context) }
      : undefined;
    const takesForm = !operation.jsonBody && ['POST', 'PUT'].includes(operation.method);

    const mutation = random.chance(0.2) ? 'none' : random.pick(MUTATIONS.filter((m) => m !== 'none'));
    const raw: string[] = [];
    let description: string = mutation;
    let bodyText: string | Buffer | undefined;
    let contentType: string | undefined = body ? 'application/json' : undefined;

    const slots: { where: 'path' | 'query' | 'body'; name: string; path?: TPath }[] = [
      ...Object.keys(pathValues).map((name) => ({ where: 'path' as const, name })),
      ...operation.parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => ({ where: 'query' as const, name: parameter.name })),
      ...(body
        ? pathsOf(body.value).map((path) => ({ where: 'body' as const, name: path.join('.'), path }))
        : []),
    ];
    const stringSlots = slots.filter(
      (slot) => slot.where !== 'body' || typeof getAt(body as TBody, slot.path as TPath) === 'string',
    );

    const mutateValue = (kind: TMutation, current: unknown, isInUrl = false): unknown => {
      switch (kind) {
        case 'wrong-type': {
          const choices = WRONG_TYPES.filter((value) => typeOf(value) !== typeOf(current));
          return random.pick(choices);
        }
        case 'control-bytes': {
          const text = typeof current === 'string' && current.length > 0 ? current : 'name';
          const at = random.int(0, text.length);
          return `${text.slice(0, at)}${random.pick(CONTROL_BYTES)}${text.slice(at)}`;
        }
        case 'huge-string': {
          // A URL past ~16 KB never reaches the app over real HTTP (Node answers 431), so URLs stay smaller.
          const length = random.pick(isInUrl ? [10_001, 15_000] : [10_001, 100_001, 1_100_000]);
          return random.pick(['A', '9', '€', '💰', ' ']).repeat(length).slice(0, length);
        }
        case 'extreme-number': {
          if (random.chance(0.4)) return random.pick(EXTREME_NUMBERS);
          if (random.chance(0.5)) return random.pick(EXTREME_NUMBER_TEXTS);
          raw.push(random.pick(RAW_NUMBER_TOKENS));
          return rawPlaceholder(raw.length - 1);
        }
        case 'impossible-date':
          return random.pick(IMPOSSIBLE_DATES);
        case 'path-traversal':
          return random.pick(TRAVERSALS);
        default:
          return current;
      }
    };

    const asQueryText = (value: unknown): string =>
      typeof value === 'string'
        ? value
        : value && typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);

    switch (mutation) {
      case 'none':
        break;
      case 'broken-json':
      case 'wrong-content-type':
        break;
      case 'prototype-key': {
        const pollution = { polluted: 'yes', isAdmin: true, toString: 'x' };
        const objectSlots = body
          ? pathsOf(body.value).filter((path) => typeOf(getAt(body, path)) === 'object')
          : [];
        if (objectSlots.length > 0 && random.chance(0.8)) {
          const path = random.pick(objectSlots);
          const target = getAt(body as TBody, path) as Record<string, unknown>;
          const key = random.pick(PROTO_KEYS);
          const existing = Object.keys(target);
          if (existing.length > 0 && random.chance(0.3)) {
            // A known field renamed: its value now sits under the forbidden key.
            const renamed = random.pick(existing);
            target[key === '__proto__' ? PROTO_PLACEHOLDER : key] = target[renamed];
            delete target[renamed];
            description = `prototype-key body.${[...path, renamed].join('.')} → ${key}`;
          } else {
            target[key === '__proto__' ? PROTO_PLACEHOLDER : key] =
              key === 'constructor' ? { prototype: pollution } : pollution;
            description = `prototype-key body.${[...path, key].join('.')}`;
          }
        } else if (random.chance(0.5) || Object.keys(pathValues).length === 0) {
          query[
            random.pick(['__proto__[polluted]', 'constructor[prototype][polluted]', '__proto__.polluted'])
          ] = 'yes';
          description = 'prototype-key query';
        } else {
          const name = random.pick(Object.keys(pathValues));
          pathValues[name] = random.pick(PROTO_KEYS);
          description = `prototype-key path.${name}`;
        }
        break;
      }
      default: {
        const preferStrings = ['control-bytes', 'huge-string', 'impossible-date', 'path-traversal'].includes(
          mutation,
        );
        const candidates = preferStrings && stringSlots.length > 0 ? stringSlots : slots;
        if (candidates.length === 0) {
          // Nothing to change: add an unknown query parameter carrying the mutated value.
          query.fuzz = mutateValue(mutation, 'x', true);
          description = `${mutation} query.fuzz`;
          break;
        }
        const slot = random.pick(candidates);
        description = `${mutation} ${slot.where}.${slot.name}`;
        if (slot.where === 'path')
          pathValues[slot.name] = asQueryText(mutateValue(mutation, pathValues[slot.name], true));
        else if (slot.where === 'query') {
          const value = mutateValue(mutation, query[slot.name], true);
          query[slot.name] = Array.isArray(value) && random.chance(0.5) ? value : asQueryText(value);
        } else
          setAt(
            body as TBody,
            slot.path as TPath,
            mutateValue(mutation, getAt(body as TBody, slot.path as TPath)),
          );
      }
    }

    if (body) {
      let text = JSON.stringify(body.value) ?? 'null';
      text = text.replaceAll(`"${PROTO_PLACEHOLDER}"`, '"__proto__"');
      raw.forEach((token, index) => {
        text = text.replaceAll(`"${rawPlaceholder(index)}"`, token);
      });
      bodyText = text;
      if (mutation === 'broken-json') ({ bodyText, contentType, description } = this.breakJson(text));
      if (mutation === 'wrong-content-type') {
        contentType = random.pick([
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=utf-16',
          'application/xml',
          '',
        ]);
        description = `wrong-content-type '${contentType}'`;
      }
    } else if (takesForm && mutation !== 'none' ? random.chance(0.8) : random.chance(0.3)) {
      ({ bodyText, contentType, description } = this.multipart(mutation, mutateValue, description));
    } else if (mutation === 'broken-json' || mutation === 'wrong-content-type') {
      // A body where none is expected.
      ({ bodyText, contentType, description } = this.breakJson('{"unexpected":true}'));
    }

    let url = operation.path.replaceAll(/\{(\w+)\}/g, (_, name: string) => {
      const value = pathValues[name] ?? '';
      // Some traversals go raw, as a client that does not encode would send them.
      return description.startsWith('path-traversal') && random.chance(0.3) ? value : encodePathValue(value);
    });
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      if (Array.isArray(value)) for (const item of value) search.append(name, asQueryText(item));
      else search.append(name, asQueryText(value));
    }
    if (search.size > 0) url += `?${search}`;
    const headers: Record<string, string> = {};
    if (bodyText !== undefined && contentType) headers['content-type'] = contentType;
    return { method: operation.method, url, headers, payload: bodyText, mutation: description };
  }

  private breakJson(text: string): { bodyText: string | Buffer; contentType: string; description: string } {
    const random = this.random;
    const kind = random.int(0, 9);
    const cut = random.int(0, Math.max(0, text.length - 1));
    const variants: [string, string | Buffer][] = [
      ['truncated', text.slice(0, cut)],
      ['trailing garbage', `${text}}garbage`],
      ['single quotes', text.replaceAll('"', "'")],
      ['NaN literal', text.replace(/:("[^"]*"|[\d.-]+|true|false|null)/, ':NaN')],
      ['empty', ''],
      ['byte-order mark', `\ufeff${text}`],
      [
        'invalid UTF-8',
        Buffer.concat([
          Buffer.from(text.slice(0, cut)),
          Buffer.from([0xc3, 0x28, 0xff, 0xfe]),
          Buffer.from(text.slice(cut)),
        ]),
      ],
      ['deeply nested', `${'['.repeat(5000)}${']'.repeat(5000)}`],
      ['two documents', `${text}\n${text}`],
      ['comment', `/* x */${text}`],
    ];
    const [name, bodyText] = variants[kind] as [string, string | Buffer];
    return { bodyText, contentType: 'application/json', description: `broken-json (${name})` };
  }

  /** A multipart/form-data body from a presigned form seen earlier (or a made-up one), maybe broken. */
  private multipart(
    mutation: TMutation,
    mutateValue: (kind: TMutation, current: unknown, isInUrl?: boolean) => unknown,
    description: string,
  ): { bodyText: Buffer; contentType: string; description: string } {
    const random = this.random;
    const forms = this.uploadForms();
    const fields: Record<string, string> =
      forms.length > 0 ? { ...random.pick(forms).fields } : { key: `uploads/${random.uuid()}.zip` };
    const boundary = `----fuzz${random.int(0, 1e9)}`;
    let filename = 'repository.zip';
    let fileType = random.pick(['application/zip', 'text/csv', 'application/octet-stream', 'image/png']);
    let file: Buffer = Buffer.from(
      random.pick(['PK\u0003\u0004 not really a zip', 'a,b\n1,2\n', '\u0089PNG\r\n\u001a\n']),
    );
    let isBroken = false;
    let isFileFirst = false;
    const extraFields: [string, string][] = [];
    const fieldNames = Object.keys(fields);
    switch (mutation) {
      case 'path-traversal':
        if (random.chance(0.5)) filename = String(mutateValue(mutation, filename));
        else if (fieldNames.length > 0) {
          const name = random.pick(fieldNames);
          fields[name] = String(mutateValue(mutation, fields[name]));
        }
        break;
      case 'huge-string':
        file = Buffer.alloc(random.pick([70_000, 2_000_000]), 0x41);
        break;
      case 'broken-json':
        isBroken = true;
        break;
      case 'prototype-key':
        extraFields.push(
          ['__proto__', 'polluted'],
          ['constructor', 'polluted'],
          ['__proto__[polluted]', 'yes'],
        );
        break;
      case 'wrong-content-type':
        fileType = random.pick(['', 'text/html', 'application/x-msdownload', '../../etc/passwd']);
        isFileFirst = true;
        break;
      default:
        if (fieldNames.length > 0 && mutation !== 'none') {
          const name = random.pick(fieldNames);
          fields[name] = String(mutateValue(mutation, fields[name]));
        }
    }
    const parts = [...Object.entries(fields), ...extraFields].map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const filePart = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${fileType}\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    ]);
    const fieldsPart = Buffer.from(parts.join(''));
    let bodyText = Buffer.concat([
      ...(isFileFirst ? [filePart, fieldsPart] : [fieldsPart, filePart]),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
    if (isBroken) bodyText = bodyText.subarray(0, random.int(0, bodyText.length - 1));
    const contentType =
      isBroken && random.chance(0.5) ? 'multipart/form-data' : `multipart/form-data; boundary=${boundary}`;
    return {
      bodyText,
      contentType,
      description: `multipart ${description}${isBroken ? ' (truncated)' : ''}`,
    };
  }
}
