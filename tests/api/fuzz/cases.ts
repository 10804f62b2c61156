/**
 * Requests for an OpenAPI operation: one that follows the document, then variations of it that a
 * careless or hostile client sends (malformed bodies, control characters, wrong types, huge values).
 * Everything is chosen by a seeded generator, so every run sends the same requests.
 */

export type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
  example?: unknown;
  default?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  additionalProperties?: unknown;
};

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema?: Schema;
  example?: unknown;
}

export interface Operation {
  method: string;
  path: string;
  security?: unknown[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}

export interface Document {
  paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>>;
  components: { schemas: Record<string, Schema> };
}

export interface FuzzCase {
  label: string;
  path: Record<string, string>;
  /** Name and value, already percent-encoded. */
  query: [string, string][];
  headers: Record<string, string>;
  /** A JSON value to send, or raw text with its content type. */
  body?: { json: unknown } | { raw: string; contentType: string | null };
  /** A control character or lone surrogate: refused with 400 wherever it is. */
  refusedCharacter?: boolean;
}

/** mulberry32: small, fast and good enough to pick cases deterministically. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(next() * items.length)]!;
    },
    sample<T>(items: readonly T[], count: number): T[] {
      const pool = [...items];
      const chosen: T[] = [];
      while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
      return chosen;
    },
  };
}
export type Random = ReturnType<typeof seededRandom>;

export function operations(doc: Document): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );
}

function resolve(doc: Document, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let depth = 0; current.$ref && depth < 10; depth++) current = doc.components.schemas[current.$ref.split('/').pop()!] ?? {};
  if (current.allOf) return current.allOf.reduce<Schema>((merged, part) => {
    const resolved = resolve(doc, part);
    return { ...merged, ...resolved, properties: { ...merged.properties, ...resolved.properties }, required: [...(merged.required ?? []), ...(resolved.required ?? [])] };
  }, {});
  return current;
}

const typeOf = (schema: Schema) => (Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type);

/** A value the schema accepts (as far as a document can say): examples first, then the type's plainest value. */
export function sample(doc: Document, raw: Schema | undefined, name = ''): unknown {
  const schema = resolve(doc, raw);
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.enum) return schema.enum[0];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) {
    const first = variants.map((variant) => resolve(doc, variant)).find((variant) => typeOf(variant) !== 'null' && variant.type !== 'null');
    return first ? sample(doc, first, name) : null;
  }
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sample(doc, property, key)]));
    case 'array':
      return [sample(doc, schema.items, name)];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'email' || /email/i.test(name)) return 'fuzz@example.de';
      if (schema.format === 'date-time') return '2026-06-16T10:00:00.000Z';
      if (schema.format === 'date' || /date/i.test(name)) return '1990-05-15';
      return 'fuzz'.padEnd(schema.minLength ?? 4, 'z');
    default:
      return schema.properties ? sample(doc, { ...schema, type: 'object' }, name) : 'fuzz';
  }
}

/** Paths to every leaf of a sampled JSON value (array items as index 0). */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length > 0 ? leaves(value[0], [...path, 0]) : [path];
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length > 0 ? entries.flatMap(([key, item]) => leaves(item, [...path, key])) : [path];
  }
  return [path];
}

function withValue(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as Record<string, unknown>) }) as Record<string | number, unknown>;
  copy[path[0]!] = withValue(copy[path[0]!], path.slice(1), replacement);
  return copy;
}

interface Mutation {
  label: string;
  value: unknown;
  refusedCharacter?: boolean;
}

const CONTROL: Mutation[] = [
  { label: 'NUL', value: 'a\u0000b', refusedCharacter: true },
  { label: 'only NUL', value: '\u0000', refusedCharacter: true },
  { label: 'escape sequence', value: '\u001b[31mred', refusedCharacter: true },
  { label: 'DEL', value: 'x\u007f', refusedCharacter: true },
  { label: 'C1 NEL', value: 'x\u0085y', refusedCharacter: true },
];

const STRANGE_TEXT: Mutation[] = [
  { label: 'lone surrogate', value: 'x\ud800y', refusedCharacter: true },
  { label: 'right-to-left override', value: 'abc\u202egpj.exe' },
  { label: 'emoji', value: '💊🇩🇪' },
  { label: 'SQL', value: "' OR 1=1; DROP TABLE users; --" },
  { label: 'markup', value: '<script>alert(1)</script>' },
  { label: 'blank', value: '   ' },
  { label: 'empty', value: '' },
  { label: 'long text', value: 'ä'.repeat(20_000) },
  { label: 'line break', value: 'first\nsecond' },
];

const WRONG_TYPES: Mutation[] = [
  { label: 'number', value: 42 },
  { label: 'boolean', value: true },
  { label: 'null', value: null },
  { label: 'array', value: ['a', 1] },
  { label: 'object', value: { nested: { deeper: 'x' } } },
  { label: 'numeric string', value: '12' },
];

const HUGE_NUMBERS: Mutation[] = [
  { label: '1e308', value: 1e308 },
  { label: '-1e308', value: -1e308 },
  { label: '2^53+2', value: 2 ** 53 + 2 },
  { label: '2^31', value: 2 ** 31 },
  { label: '-2^31-1', value: -(2 ** 31) - 1 },
  { label: 'negative', value: -1 },
  { label: 'fraction', value: 0.5 },
  { label: '1e21', value: 1e21 },
];

const PATH_VALUES: Mutation[] = [
  { label: 'NUL', value: '%00', refusedCharacter: true },
  { label: 'double-encoded NUL', value: 'x%2500', refusedCharacter: true },
  { label: 'escape', value: '%1B%5B2J', refusedCharacter: true },
  { label: 'long', value: 'x'.repeat(2_000) },
  { label: 'traversal', value: '..%2F..%2Fetc%2Fpasswd' },
  { label: 'huge number', value: '99999999999999999999999' },
  { label: 'negative', value: '-1' },
  { label: 'SQL', value: "'%20OR%201%3D1--" },
  { label: 'invalid UTF-8', value: '%C3%28' },
  { label: 'lone percent', value: '100%' },
  { label: 'emoji', value: '%F0%9F%92%8A' },
];

/** Already percent-encoded, as they go on the wire. */
const QUERY_VALUES: Mutation[] = [
  { label: 'NUL', value: 'a%00b', refusedCharacter: true },
  { label: 'escape sequence', value: '%1B%5B31m', refusedCharacter: true },
  { label: 'DEL', value: 'x%7F', refusedCharacter: true },
  { label: 'huge number', value: '1e308' },
  { label: 'big integer', value: '99999999999999999999999' },
  { label: 'negative', value: '-5' },
  { label: 'fraction', value: '0.5' },
  { label: 'long', value: 'q'.repeat(3_000) },
  { label: 'encoded lone surrogate', value: '%ED%A0%80' },
  { label: 'malformed percent', value: '%ZZ' },
  { label: 'empty', value: '' },
];

function deepNesting(levels: number): string {
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

/** The requests to send for one operation; `base` fills the path parameters and the body's ids. */
export function fuzzCases(doc: Document, operation: Operation, base: { path: Record<string, string>; headers: Record<string, string> }, random: Random, budget: { fields: number; perField: number }): FuzzCase[] {
  const parameters = operation.parameters ?? [];
  const query: [string, string][] = parameters
    .filter((parameter) => parameter.in === 'query' && (parameter.required || random.next() < 0.5))
    .map((parameter) => [parameter.name, encodeURIComponent(String(parameter.example ?? sample(doc, parameter.schema, parameter.name)))]);
  const headers = { ...base.headers };
  const schema = operation.requestBody?.content['application/json']?.schema;
  const valid = schema ? sample(doc, schema) : undefined;
  const plain: FuzzCase = { label: 'as documented', path: base.path, query, headers, ...(schema ? { body: { json: valid } } : {}) };
  const cases: FuzzCase[] = [plain];
  const variant = (label: string, change: Partial<FuzzCase>): FuzzCase => ({ ...plain, ...change, label });

  for (const parameter of parameters.filter((p) => p.in === 'path')) {
    for (const mutation of random.sample(PATH_VALUES, 4).concat(PATH_VALUES[0]!)) {
      cases.push(variant(`path ${parameter.name}: ${mutation.label}`, { path: { ...base.path, [parameter.name]: String(mutation.value) }, refusedCharacter: mutation.refusedCharacter ?? false }));
    }
  }
  for (const parameter of parameters.filter((p) => p.in === 'query')) {
    for (const mutation of random.sample(QUERY_VALUES, 3).concat(QUERY_VALUES[0]!)) {
      cases.push(variant(`query ${parameter.name}: ${mutation.label}`, { query: [...query.filter(([name]) => name !== parameter.name), [parameter.name, String(mutation.value)]], refusedCharacter: mutation.refusedCharacter ?? false }));
    }
    cases.push(variant(`query ${parameter.name}: twice`, { query: [...query, [parameter.name, 'a'], [parameter.name, 'b']] }));
  }
  cases.push(variant('unknown query parameter with a NUL', { query: [...query, ['x%00', '1']], refusedCharacter: true }));

  if (operation.method !== 'GET') {
    cases.push(
      variant('no body', { body: { raw: '', contentType: null } }),
      variant('empty JSON body', { body: { raw: '', contentType: 'application/json' } }),
      variant('truncated JSON', { body: { raw: '{"a": [1, 2', contentType: 'application/json' } }),
      variant('JSON array', { body: { raw: '[]', contentType: 'application/json' } }),
      variant('JSON string', { body: { raw: '"text"', contentType: 'application/json' } }),
      variant('JSON null', { body: { raw: 'null', contentType: 'application/json' } }),
      variant('JSON number', { body: { raw: '1e400', contentType: 'application/json' } }),
      variant('deeply nested JSON', { body: { raw: deepNesting(20_000), contentType: 'application/json' } }),
      variant('form body', { body: { raw: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' } }),
      variant('JSON sent as text', { body: { raw: JSON.stringify(valid ?? {}), contentType: 'text/plain' } }),
      variant('body over the limit', { body: { raw: JSON.stringify({ filler: 'x'.repeat(70 * 1024) }), contentType: 'application/json' } }),
      variant('NUL in a key', { body: { json: { ...(valid as object), 'k\u0000': 1 } }, refusedCharacter: true }),
    );
  }
  if (schema && valid !== null && typeof valid === 'object') {
    const fields = random.sample(leaves(valid).filter((path) => path.length > 0), budget.fields);
    for (const path of fields) {
      const current = path.reduce<unknown>((value, key) => (value as Record<string | number, unknown>)?.[key], valid);
      const pool = typeof current === 'number' ? [...HUGE_NUMBERS, ...WRONG_TYPES] : typeof current === 'string' ? [...STRANGE_TEXT, ...WRONG_TYPES] : WRONG_TYPES;
      const mutations = typeof current === 'string' ? [random.pick(CONTROL), ...random.sample(pool, budget.perField - 1)] : random.sample(pool, budget.perField);
      for (const mutation of mutations) {
        cases.push(variant(`body ${path.join('.')}: ${mutation.label}`, { body: { json: withValue(valid, path, mutation.value) }, refusedCharacter: mutation.refusedCharacter ?? false }));
      }
    }
    cases.push(variant('body: unknown properties', { body: { json: { ...(valid as object), isAdmin: true, role: 'admin', __proto__x: { polluted: true } } } }));
  }
  return cases;
}

/** The URL of a case: path parameters go in as given (they are already percent-encoded mutations). */
export function urlOf(operation: Operation, fuzzCase: FuzzCase): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_all, name: string) => fuzzCase.path[name] ?? 'fuzz');
  const query = fuzzCase.query.map(([name, value]) => `${name}=${value}`).join('&');
  return query ? `${path}?${query}` : path;
}
