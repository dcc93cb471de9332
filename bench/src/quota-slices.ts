// How a round of the quota comparison loads its two fresh gateway processes (quotas on, quotas off): each is
// warmed up first, then the measured load is cut into slices that alternate between the two, on-off then
// off-on. Two runs one after the other on this shared machine differ by up to 10 % in throughput whatever
// they run (what else the host runs moves by the second); slices a second long put both processes under
// the same moments, so that the ratio measures the quotas and not when each was loaded.
import { LoadSpec } from './load/load-spec';

/**
 * Seconds a fresh process is loaded before it is measured, on top of BENCH_WARMUP_SECONDS: the long-lived
 * gateways have warmed up over the earlier scenarios and rounds, a fresh one has not, and its just-in-time
 * compilation settles in the first seconds of load.
 */
export const FRESH_PROCESS_WARMUP_SECONDS = 4;

export interface QuotaRoundPlan {
  /** Run once on each process before any slice; its figures are not kept. */
  warmup: LoadSpec;
  /** The measured slices, each run on both processes. */
  slices: LoadSpec[];
}

/** A round's load (`spec`: what one process would get in one run) as a warm-up and `count` slices. */
export function quotaRoundPlan(spec: LoadSpec, count: number): QuotaRoundPlan {
  const tokens = spec.freshTokens;
  if (tokens) {
    // Tokens are sent once to each process: the warm-up's tokens, then the measured ones in `count` parts.
    const size = Math.ceil(tokens.measured.length / count);
    return {
      warmup: { ...spec, freshTokens: { warmup: [], measured: tokens.warmup } },
      slices: Array.from({ length: count }, (_, i) => ({ ...spec, freshTokens: { warmup: [], measured: tokens.measured.slice(i * size, (i + 1) * size) } })),
    };
  }
  return {
    warmup: { ...spec, requests: undefined, durationSeconds: spec.warmupSeconds + FRESH_PROCESS_WARMUP_SECONDS, warmupSeconds: 0 },
    slices: Array.from({ length: count }, () => ({
      ...spec,
      ...(spec.requests === undefined ? {} : { requests: Math.ceil(spec.requests / count) }),
      durationSeconds: spec.durationSeconds / count,
      warmupSeconds: 0,
    })),
  };
}

/** Which process goes first in slice `index` of round `round`: on-off, off-on, ... starting with the other one each round. */
export function sliceOrder(round: number, index: number): readonly ['on', 'off'] | readonly ['off', 'on'] {
  return (round + index) % 2 === 1 ? (['on', 'off'] as const) : (['off', 'on'] as const);
}
