// Area "bad input": property-based fuzzing of every operation of both gateways, as real processes.
// Every answer must be a 4xx problem body (an OAuth error on the token endpoint) or a success; never a
// 5xx, never a hang, never a stack trace or SQL.
import fc from 'fast-check';
import { AreaTally } from './support/area-report';
import { fuzzCases } from './support/fuzz-cases';
import { RawResponse, leak, oauthErrorBodyError, problemBodyError, send } from './support/http';
import { OPERATIONS, Operation, operationId, rawRequest } from './support/operations';
import { World, startWorld } from './support/world';

const CASES_PER_OPERATION = Number(process.env.RESILIENCE_FUZZ_CASES ?? 200);
const SEED = Number(process.env.RESILIENCE_FUZZ_SEED ?? Date.now() % 2 ** 31);

function judge(op: Operation, res: RawResponse): string | undefined {
  if (res.status >= 500) return `answered ${res.status}: ${res.text.slice(0, 200)}`;
  if (res.status < 200 || (res.status >= 300 && res.status < 400)) return `answered ${res.status}`;
  const leaked = leak(res.text);
  if (leaked) return `leaked "${leaked}": ${res.text.slice(0, 200)}`;
  if (res.status < 400) return undefined;
  // A head over Node's size limit is refused by the HTTP parser, before any route is known: a problem body.
  if (op.template === '/oauth2/token' && res.status !== 431) return oauthErrorBodyError(res);
  return problemBodyError(res);
}

describe('bad input', () => {
  let world: World;

  beforeAll(async () => {
    world = await startWorld();
  });

  afterAll(() => world?.close());

  describe.each(OPERATIONS.map((op) => [operationId(op), op] as const))('%s', (_id, op) => {
    it(`answers ${CASES_PER_OPERATION} hostile requests with 4xx problems, never a 5xx (seed ${SEED})`, async () => {
      const tally = new AreaTally('bad input');
      const gateway = op.gateway === 'public' ? world.publicGateway : world.internalGateway;
      const token = op.gateway === 'public' ? world.publicToken : world.internalToken;
      try {
        // The unmutated request reaches the operation: otherwise the fuzzing below would prove nothing.
        const valid = op.valid(world);
        const baseline = await send(gateway.url, rawRequest(op, valid, token));
        // A command the domain refused is a 200 too (outcome FAILED): the valid one must have succeeded.
        tally.check(
          baseline.status >= 200 && baseline.status < 300 && !baseline.text.includes('"outcome":"FAILED"'),
          `the valid request answered ${baseline.status}: ${baseline.text.slice(0, 200)}`,
        );

        for (const request of fc.sample(fuzzCases(op, op.valid(world), token), { numRuns: CASES_PER_OPERATION, seed: SEED })) {
          let failure: string | undefined;
          try {
            failure = judge(op, await send(gateway.url, request));
          } catch (error) {
            failure = `no answer: ${(error as Error).message}`;
          }
          tally.record(failure && `${failure}\n    request: ${request.method} ${request.path.slice(0, 200)}\n    made hostile: ${request.label}`);
        }
        expect(tally.failures.slice(0, 10)).toEqual([]);
      } finally {
        tally.flush();
      }
    });
  });
});
