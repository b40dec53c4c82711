import { exampleId, idPrefixOf } from './examples';

type Json = Record<string, unknown>;

const AT = '2026-06-11T14:03:27.512Z';
const DAY = '2026-06-11';
const MAX_DEPTH = 10;
/** An id pattern of the document: `^mtr_[0-9A-Za-z]{24}$`, or any kind's `^[a-z]+_…`. */
const ID_PATTERN = /^\^(\[a-z\]\+|[a-z]+)_\[0-9A-Za-z\]\{24\}\$$/;

/**
 * An example value for a JSON schema of the document, built from the schema itself: its own
 * `examples`, `const`, `enum` or `default` first, then ids of the right shape for `*_id` fields,
 * dates for `date-time` and `date`, and one item per array. Generated, not hand-written, so an
 * example cannot disagree with the schema it illustrates (the document test validates each one).
 */
export function exampleOf(schema: unknown, components: Record<string, unknown>, field = '', depth = 0): unknown {
  const s = resolve(schema, components);
  if (!s || depth > MAX_DEPTH) return null;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  if ('default' in s) return s.default;
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((x) => exampleOf(x, components, field, depth + 1) ?? {}));
  }
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (branches) {
    const real = branches.find((b) => resolve(b, components)?.type !== 'null') ?? branches[0];
    return exampleOf(real, components, field, depth + 1);
  }
  const type = Array.isArray(s.type) ? s.type.find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(props).map(([k, v]) => [k, exampleOf(v, components, k, depth + 1)]));
    }
    case 'array':
      // Deep enough that one more level would be cut: an empty list is still a valid example.
      return s.items && depth < MAX_DEPTH ? [exampleOf(s.items, components, field, depth + 1)] : [];
    case 'string':
      if (s.format === 'date-time') return AT;
      if (s.format === 'date') return DAY;
      if (typeof s.pattern === 'string' && ID_PATTERN.test(s.pattern)) {
        const prefix = ID_PATTERN.exec(s.pattern)![1];
        return `${/^[a-z]+$/.test(prefix) ? prefix : 'obj'}_${exampleId('x_id').split('_').pop()}`;
      }
      if (idPrefixOf(field)) return exampleId(field);
      return typeof s.minLength === 'number' && s.minLength > 0 ? 'x'.repeat(s.minLength) : 'string';
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function resolve(schema: unknown, components: Record<string, unknown>): Json | null {
  let s = schema as Json | null;
  for (let hops = 0; s && typeof s.$ref === 'string' && hops < 10; hops++) {
    s = components[s.$ref.split('/').pop()!] as Json;
  }
  return s && typeof s === 'object' ? s : null;
}
