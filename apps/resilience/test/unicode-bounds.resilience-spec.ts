// Area "bad input", its Unicode cases: every string bound the two served documents give (request bodies and
// query parameters), tried at the bound and one past it with strings whose code points and UTF-16 units
// differ (variation selectors, combining marks, characters outside the BMP), and with a lone surrogate
// (JSON's "\uD800"). Lengths are counted in code points, as Postgres counts them (contract section 3): at the
// bound a value is never refused for its length and never fails in the database; past it, it is a 400 naming
// the field (so nothing longer than documented is stored or acted on); a lone surrogate is a 400 naming it.
import { randomUUID } from 'node:crypto';
import { AreaTally } from './support/area-report';
import { RawResponse, leak, send } from './support/http';
import { OPERATIONS, Operation, ValidRequest, operationId, rawRequest } from './support/operations';
import { OpenApiDocument, StringBound, boundedBranches, operationBounds } from './support/string-bounds';
import { World, startWorld } from './support/world';

/** `n` code points of `unit` (a two-code-point unit repeated, with one letter more when `n` is odd). */
const codePoints = (n: number, unit: string) => unit.repeat(Math.floor(n / [...unit].length)) + 'a'.repeat(n % [...unit].length);
const UNITS: Record<string, string> = { 'variation selectors': 'a\uFE0F', 'combining marks': 'e\u0301', 'characters outside the BMP': '\u{1F4E6}' };

interface UnicodeCase {
  label: string;
  value: string;
  expect: 'not refused for its length' | 'refused naming the field';
}

function cases(bound: StringBound): UnicodeCase[] {
  const list: UnicodeCase[] = [];
  for (const [name, unit] of Object.entries(UNITS)) {
    if (bound.maxLength >= Math.max(bound.minLength, 1))
      list.push({ label: `${name}, ${bound.maxLength} code points`, value: codePoints(bound.maxLength, unit), expect: 'not refused for its length' });
    list.push({ label: `${name}, ${bound.maxLength + 1} code points`, value: codePoints(bound.maxLength + 1, unit), expect: 'refused naming the field' });
  }
  // A query string cannot carry a lone surrogate: percent-encoding takes UTF-8, which has none.
  if (bound.in === 'body') list.push({ label: 'a lone surrogate', value: 'a\uD800', expect: 'refused naming the field' });
  return list;
}

const pointerOf = (bound: StringBound) =>
  (bound.in === 'query' ? '/query/' : '/') + bound.path.map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** The valid request with the bounded string set to `value`. */
function withValue(valid: ValidRequest, bound: StringBound, value: string): ValidRequest {
  if (bound.in === 'query') return { ...valid, query: { ...valid.query, [bound.path[0]]: encodeURIComponent(value) } };
  const body = structuredClone(valid.body) as Record<string, unknown>;
  let parent: Record<string, unknown> = body;
  for (const token of bound.path.slice(0, -1)) parent = parent[token] as Record<string, unknown>;
  parent[bound.path[bound.path.length - 1]] = value;
  return { ...valid, body };
}

function judge(bound: StringBound, unicodeCase: UnicodeCase, res: RawResponse): { failure?: string; serverError?: boolean; overBound?: boolean } {
  if (res.status >= 500) return { failure: `answered ${res.status}: ${res.text.slice(0, 200)}`, serverError: true };
  const leaked = leak(res.text);
  if (leaked) return { failure: `leaked "${leaked}"` };
  const pointer = pointerOf(bound);
  let errors: { pointer?: string; message?: string }[] = [];
  try {
    errors = (JSON.parse(res.text) as { errors?: typeof errors }).errors ?? [];
  } catch {
    // Not JSON: judged by its status alone.
  }
  const named = errors.filter((e) => e.pointer === pointer);
  if (unicodeCase.expect === 'refused naming the field') {
    if (res.status < 300) return { failure: `accepted (${res.status}): longer than documented, or not Unicode`, overBound: true };
    // A query string past Node's 16 KB head (percent-encoded, a character outside the BMP is 12 bytes) is refused before any route.
    if (res.status === 431 && bound.in === 'query') return {};
    return res.status === 400 && named.length > 0 ? {} : { failure: `answered ${res.status} without naming ${pointer}: ${res.text.slice(0, 200)}` };
  }
  // A cursor's length rule says "must be a cursor" like its other rules: a cursor of our making is refused whatever its length.
  const forLength = named.filter((e) => /characters/.test(e.message ?? ''));
  return res.status === 400 && forLength.length > 0 && !bound.shaped ? { failure: `refused at the bound: ${JSON.stringify(forLength)}` } : {};
}

describe('bad input: Unicode at and past every documented string bound', () => {
  let world: World;
  const documents: Partial<Record<Operation['gateway'], OpenApiDocument>> = {};
  const documentOf = async (op: Operation): Promise<OpenApiDocument> => {
    const gateway = op.gateway === 'public' ? world.publicGateway : world.internalGateway;
    documents[op.gateway] ??= JSON.parse((await send(gateway.url, { method: 'GET', path: '/openapi.json' })).text) as OpenApiDocument;
    return documents[op.gateway] as OpenApiDocument;
  };

  beforeAll(async () => {
    world = await startWorld();
  });

  afterAll(() => world?.close());

  it('has a valid request for every command of dispatch-command with a bounded string', async () => {
    const dispatch = OPERATIONS.find((op) => op.template === '/internal-tools/dispatch-command') as Operation;
    const covered = OPERATIONS.filter((op) => op.template === dispatch.template).map((op) => op.variant);
    expect(boundedBranches(await documentOf(dispatch), dispatch.template, dispatch.method).filter((title) => !covered.includes(title))).toEqual([]);
  });

  describe.each(OPERATIONS.map((op) => [operationId(op), op] as const))('%s', (_id, op) => {
    it('answers each Unicode string at and past its bound as documented, never a 5xx', async () => {
      const tally = new AreaTally('unicode bounds');
      tally.count('answered 5xx', 0);
      tally.count('accepted past a bound', 0);
      const gateway = op.gateway === 'public' ? world.publicGateway : world.internalGateway;
      const token = op.gateway === 'public' ? world.publicToken : world.internalToken;
      try {
        const bounds = operationBounds(await documentOf(op), op.template, op.method, op.valid(world).body);
        for (const bound of bounds) {
          for (const unicodeCase of cases(bound)) {
            const valid = withValue(op.valid(world), bound, unicodeCase.value);
            if (valid.headers?.['idempotency-key']) valid.headers = { ...valid.headers, 'idempotency-key': `k-${randomUUID()}` };
            let verdict: ReturnType<typeof judge>;
            try {
              verdict = judge(bound, unicodeCase, await send(gateway.url, rawRequest(op, valid, token)));
            } catch (error) {
              verdict = { failure: `no answer: ${(error as Error).message}` };
            }
            if (verdict.serverError) tally.count('answered 5xx');
            if (verdict.overBound) tally.count('accepted past a bound');
            tally.record(verdict.failure && `${pointerOf(bound)} (${unicodeCase.label}, ${unicodeCase.expect}): ${verdict.failure}`);
          }
        }
        expect(tally.failures.slice(0, 10)).toEqual([]);
      } finally {
        tally.flush();
      }
    });
  });
});
