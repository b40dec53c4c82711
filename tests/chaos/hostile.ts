/**
 * fast-check arbitraries of hostile input, derived from the JSON Schemas of /v1/openapi.json:
 * for a field, every JSON type its schema does not allow, then boundary and format violations
 * of the types it does allow (enums, formats, patterns, lengths, bounds), raw number literals
 * JSON.stringify cannot write (-0, 1e308, 1e999), long and unusual strings, deep nesting.
 * Nothing here names an operation or a field: a new operation is fuzzed from its schema.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: string | string[];
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
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

/** A number literal written into the JSON text as is (JSON.stringify would change or refuse it). */
export class Raw {
  constructor(readonly text: string) {}
  toJSON() {
    return `\u0002${this.text}\u0002`;
  }
}

/** JSON text of a value that may hold Raw literals. */
export function serialize(value: unknown): string {
  return JSON.stringify(value).replace(/"\\u0002(.*?)\\u0002"/g, '$1');
}

/** The JSON types a schema admits (all of them when it says nothing). */
export function typesOf(s: JsonSchema | undefined): Set<string> {
  const all = new Set(['string', 'number', 'integer', 'boolean', 'null', 'array', 'object']);
  if (!s) return all;
  const branches = s.anyOf ?? s.oneOf;
  if (branches) return new Set(branches.flatMap((b) => [...typesOf(b)]));
  if (s.allOf?.length) return typesOf(s.allOf[0]);
  if (s.enum || s.const !== undefined) {
    const values = s.enum ?? [s.const];
    return new Set(values.map((v) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v)));
  }
  if (s.type) return new Set(Array.isArray(s.type) ? s.type : [s.type]);
  if (s.properties) return new Set(['object']);
  return all;
}

/** The branches of a schema that admit `type` (a union's members, or the schema itself). */
const branchesFor = (s: JsonSchema, type: string): JsonSchema[] =>
  (s.anyOf ?? s.oneOf ?? [s]).filter((b) => typesOf(b).has(type));

const BOUNDARY_NUMBERS = [
  new Raw('-0'),
  new Raw('1e308'),
  new Raw('-1e308'),
  new Raw('1e999'),
  new Raw('-1e999'),
  new Raw('1e-400'),
  new Raw('123456789012345678901234567890.123456789012345678901234567890'),
  new Raw('0.1e1'),
  new Raw('1E2'),
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER - 2,
  5e-324,
  -1,
  0,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
];
const NUMBERISH_STRINGS = [
  'NaN',
  '-NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e308',
  '0x10',
  '1_000',
  ' 1',
  '1 ',
  '١٢٣',
  '+1',
  '.5',
  '5.',
  '',
  '-',
];
const DATEISH_STRINGS = [
  '2024-13-45',
  '2024-02-30',
  '0000-00-00T25:61:61Z',
  '2024-01-01T00:00:00',
  '2024-01-01 00:00:00Z',
  'yesterday',
  '+275760-09-13T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '1e308',
  '2024-01-01T00:00:00.0000000000000000001Z',
];
const ODD_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u202e',
  '\ufeff',
  '\u{1f4a9}'.repeat(50),
  'a\u0301'.repeat(100),
  '\\',
  '"',
  '<script>',
  "' OR 1=1 --",
  '%00',
  '../..',
  '${x}',
  'null',
  'true',
  '[]',
  '{}',
];

/** Strings: outside the enum, the format, the pattern and the length bounds; odd code points. */
function hostileStrings(s: JsonSchema): fc.Arbitrary<unknown> {
  const arbs: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...ODD_STRINGS, ...NUMBERISH_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
  ];
  for (const b of branchesFor(s, 'string')) {
    if (b.enum?.length) {
      const values = b.enum.filter((v): v is string => typeof v === 'string');
      arbs.push(
        fc
          .constantFrom(...values.flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`, `${v}x`]))
          .filter((v) => !values.includes(v)),
      );
    }
    if (b.format || /\\d\{4\}/.test(b.pattern ?? '')) arbs.push(fc.constantFrom(...DATEISH_STRINGS));
    if (b.pattern) arbs.push(fc.string({ maxLength: 30 }).filter((v) => !new RegExp(b.pattern!, 'u').test(v)));
    const max = b.maxLength ?? 10_000;
    arbs.push(fc.constantFrom('x'.repeat(max + 1), '\u00e9'.repeat(max + 1), 'y'.repeat(Math.max(max + 1, 10_001))));
    if (b.minLength) arbs.push(fc.constant('z'.repeat(b.minLength - 1)));
  }
  return fc.oneof(...arbs);
}

/** Numbers: past the bounds, fractions for integers, and the boundary literals. */
function hostileNumbers(s: JsonSchema): fc.Arbitrary<unknown> {
  const arbs: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...BOUNDARY_NUMBERS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  ];
  for (const b of [...branchesFor(s, 'number'), ...branchesFor(s, 'integer')]) {
    const edges: number[] = [];
    if (b.minimum !== undefined) edges.push(b.minimum - 1, b.minimum - 1e-9);
    if (b.maximum !== undefined) edges.push(b.maximum + 1, b.maximum + 1e-9);
    if (b.exclusiveMinimum !== undefined) edges.push(b.exclusiveMinimum);
    if (b.exclusiveMaximum !== undefined) edges.push(b.exclusiveMaximum);
    if (typesOf(b).has('integer')) edges.push(1.5, -0.5);
    if (edges.length) arbs.push(fc.constantFrom(...edges));
  }
  return fc.oneof(...arbs);
}

/** Nested arrays or objects `depth` levels deep. */
export const deep = (depth: number, asObject: boolean): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = asObject ? { a: v } : [v];
  return v;
};

/** Values of the wrong JSON type for `s`. */
function wrongTypes(s: JsonSchema): fc.Arbitrary<unknown>[] {
  const allowed = typesOf(s);
  const arbs: fc.Arbitrary<unknown>[] = [];
  if (!allowed.has('string')) arbs.push(fc.string({ maxLength: 20 }), fc.constantFrom(...NUMBERISH_STRINGS));
  if (!allowed.has('number') && !allowed.has('integer')) arbs.push(fc.integer(), fc.constantFrom(...BOUNDARY_NUMBERS));
  if (!allowed.has('boolean')) arbs.push(fc.boolean());
  if (!allowed.has('null')) arbs.push(fc.constant(null));
  if (!allowed.has('array')) arbs.push(fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }));
  if (!allowed.has('object'))
    arbs.push(fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }));
  return arbs;
}

/**
 * A hostile value for a field of schema `s`: wrong types, boundary and format violations, deep
 * nesting, and (down to `depth` levels) containers of hostile values.
 */
export function hostileFor(s: JsonSchema | undefined, depth = 2): fc.Arbitrary<unknown> {
  const schema = s ?? {};
  const allowed = typesOf(schema);
  const arbs: fc.Arbitrary<unknown>[] = [...wrongTypes(schema)];
  arbs.push(fc.integer({ min: 21, max: 64 }).chain((d) => fc.boolean().map((o) => deep(d, o))));
  if (allowed.has('string')) arbs.push(hostileStrings(schema));
  if (allowed.has('number') || allowed.has('integer')) arbs.push(hostileNumbers(schema));
  if (depth > 0 && allowed.has('array')) {
    const items = branchesFor(schema, 'array')
      .map((b) => b.items)
      .find(Boolean);
    const max =
      branchesFor(schema, 'array')
        .map((b) => b.maxItems)
        .find((m) => m !== undefined) ?? 1000;
    arbs.push(fc.array(hostileFor(items, depth - 1), { minLength: 1, maxLength: 3 }));
    arbs.push(fc.constant(Array.from({ length: max + 1 }, () => 1)));
    arbs.push(fc.constant([]));
  }
  if (depth > 0 && allowed.has('object')) {
    const props = branchesFor(schema, 'object').flatMap((b) => Object.entries(b.properties ?? {}));
    if (props.length) {
      arbs.push(fc.constantFrom(...props).chain(([k, sub]) => hostileFor(sub, depth - 1).map((v) => ({ [k]: v }))));
    }
    arbs.push(
      fc.dictionary(fc.string({ unit: 'binary', maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }), {
        minKeys: 1,
        maxKeys: 4,
      }),
    );
  }
  return fc.oneof(...arbs);
}

/** Invalid UTF-8 byte sequences: a stray continuation, overlong forms, a surrogate, truncation. */
export const INVALID_UTF8: readonly number[][] = [
  [0xff],
  [0x80],
  [0xc3, 0x28],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
];
