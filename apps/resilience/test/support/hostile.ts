// Arbitraries of hostile input (fast-check): values of the wrong type or out of range, huge and deep
// structures, unicode, impossible dates, broken encodings, and raw bodies no JSON parser should accept.
import fc from 'fast-check';

const MAX_SAFE = Number.MAX_SAFE_INTEGER;

/** A JSON value that breaks some rule wherever it is put. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '💥',
    'null',
    'true',
    '0',
    '-1',
    '1e400',
    '../../etc/passwd',
    "'; DROP TABLE organizations; --",
    '<script>alert(1)</script>',
    '%00',
    '%zz',
  ),
  fc.constantFrom(
    '2026-02-29',
    '2026-02-29T10:00:00Z',
    '2025-13-01T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-01-01T25:61:00Z',
    '2026-01-01',
    'yesterday',
    '0000-00-00T00:00:00Z',
  ),
  fc.constantFrom(MAX_SAFE + 1, -MAX_SAFE - 2, 1e308, -1e308, 0.5, -0.0, 1e-320, -1, 0, 2 ** 63, Number.MIN_VALUE),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 5 }),
  fc.constant('x'.repeat(100_000)),
  fc.integer({ min: 50, max: 1500 }).map((depth) => deepNesting(depth)),
  fc.constant(Array.from({ length: 10_000 }, (_, i) => i)),
);

export function deepNesting(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { nested: value };
  return value;
}

/** A path segment: hostile text, encoded as a client would, or left raw on purpose. */
export const hostileSegment: fc.Arbitrary<string> = fc.oneof(
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }).map(encodeURIComponent),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '%2F',
    '..',
    '.',
    '%2e%2e',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a0',
    'null',
    'undefined',
    '-1',
    '1e9',
  ),
  fc.constant('a'.repeat(5000)),
  fc.uuid().map((u) => u.toUpperCase()),
);

/** A query-string value (already encoded) or an encoding that is broken on purpose. */
export const hostileQueryValue: fc.Arbitrary<string> = fc.oneof(
  hostileValue.map((v) => encodeURIComponent(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))),
  fc.constantFrom('', '%', '%zz', '-5', '0', '101', '1.5', '1e2', 'NaN', 'Infinity', '9007199254740993', '[]', 'a[b]=c'),
);

/** Raw bodies: not JSON, JSON of the wrong kind, duplicated keys, a byte-order mark, too large. */
export const rawBody: fc.Arbitrary<string | Buffer> = fc.oneof(
  fc.constantFrom(
    '',
    '{',
    '{"a":',
    '}',
    'null',
    '[]',
    '"text"',
    '42',
    'true',
    '{"a":1,}',
    "{'a':1}",
    '\ufeff{}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ),
  fc.string({ maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.constant(Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00])),
  fc.constant(`{"x":"${'y'.repeat(1_100_000)}"}`),
  fc.constant(`${'['.repeat(100_000)}${']'.repeat(100_000)}`),
);

export const hostileContentType: fc.Arbitrary<string | undefined> = fc.constantFrom(
  undefined,
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/merge-patch+json',
  '*/*',
  'application/json, text/plain',
);

/** A header value Node can send (no CR/LF), some of it far too long. */
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.string({ maxLength: 60 }).map((s) => s.replace(/[^\t\x20-\x7e]/g, '')),
  fc.string({ unit: 'binary', maxLength: 60 }).map((s) => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, '')),
  fc.constantFrom('', ' ', 'é', '\t', 'x'.repeat(256), 'x'.repeat(10_000), 'x'.repeat(20_000)),
);

/** Replaces, removes or adds one property somewhere in a JSON value. */
export function mutateJson(base: unknown): fc.Arbitrary<unknown> {
  const paths = jsonPaths(base);
  return fc
    .tuple(fc.constantFrom(...paths), fc.constantFrom('replace', 'remove', 'add'), hostileValue, fc.string({ minLength: 1, maxLength: 12 }))
    .map(([path, action, value, key]) => {
      const copy = structuredClone(base);
      if (path.length === 0) return action === 'remove' ? undefined : value;
      const parent = path.slice(0, -1).reduce<unknown>((node, step) => (node as Record<string, unknown>)[step], copy) as Record<string, unknown> | unknown[];
      const last = path[path.length - 1];
      if (action === 'replace') (parent as Record<string, unknown>)[last] = value;
      else if (action === 'remove') {
        if (Array.isArray(parent)) parent.splice(Number(last), 1);
        else delete parent[last];
      } else if (!Array.isArray(parent)) parent[`${key}_unknown`] = value;
      else parent.push(value);
      return copy;
    });
}

function jsonPaths(value: unknown, prefix: string[] = []): string[][] {
  const here = [prefix];
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) here.push(...jsonPaths(child, [...prefix, key]));
  }
  return here;
}
