import { LoadSpec } from './load/load-spec';
import { FRESH_PROCESS_WARMUP_SECONDS, quotaRoundPlan, sliceOrder } from './quota-slices';

const spec: LoadSpec = {
  url: 'http://127.0.0.1:1',
  method: 'GET',
  path: '/v0/whoami',
  headers: {},
  connections: 10,
  durationSeconds: 5,
  warmupSeconds: 1,
  timeoutSeconds: 10,
};

describe('quotaRoundPlan', () => {
  it('warms each process up for the warm-up plus the fresh-process seconds, then cuts the measured seconds into slices', () => {
    const plan = quotaRoundPlan(spec, 5);
    expect([plan.warmup.durationSeconds, plan.warmup.warmupSeconds]).toEqual([1 + FRESH_PROCESS_WARMUP_SECONDS, 0]);
    expect(plan.slices.map((s) => [s.durationSeconds, s.warmupSeconds])).toEqual(Array(5).fill([1, 0]));
  });

  it('divides a run of a set number of requests among the slices, and warms up for a time', () => {
    const plan = quotaRoundPlan({ ...spec, requests: 20 }, 1);
    expect([plan.warmup.requests, plan.warmup.durationSeconds]).toEqual([undefined, 1 + FRESH_PROCESS_WARMUP_SECONDS]);
    expect(plan.slices.map((s) => s.requests)).toEqual([20]);
    expect(quotaRoundPlan({ ...spec, requests: 20 }, 3).slices.map((s) => s.requests)).toEqual([7, 7, 7]);
  });

  it('sends the warm-up tokens, then the measured tokens in parts, each token once per process', () => {
    const measured = Array.from({ length: 11 }, (_, i) => `m${i}`);
    const plan = quotaRoundPlan({ ...spec, freshTokens: { warmup: ['w0', 'w1'], measured } }, 3);
    expect(plan.warmup.freshTokens).toEqual({ warmup: [], measured: ['w0', 'w1'] });
    expect(plan.slices.map((s) => s.freshTokens)).toEqual([
      { warmup: [], measured: ['m0', 'm1', 'm2', 'm3'] },
      { warmup: [], measured: ['m4', 'm5', 'm6', 'm7'] },
      { warmup: [], measured: ['m8', 'm9', 'm10'] },
    ]);
  });
});

describe('sliceOrder', () => {
  it('alternates which process goes first, slice by slice, and starts each round with the other one', () => {
    expect([0, 1, 2].map((i) => sliceOrder(1, i).join('-'))).toEqual(['on-off', 'off-on', 'on-off']);
    expect([0, 1, 2].map((i) => sliceOrder(2, i).join('-'))).toEqual(['off-on', 'on-off', 'off-on']);
  });
});
