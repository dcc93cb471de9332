// The Node.js flags every gateway process is started with, wherever it is started: `npm start` (the
// launcher), the images (the Dockerfile's CMD, checked against this list by deploy/test), the bench and
// the resilience suite. One list, so that what is measured and tested is what runs.
export const GATEWAY_NODE_FLAGS: readonly string[] = [
  // Stack traces of the bundle name the TypeScript sources: source maps on for the gateway's own bundle, before
  // it loads. Not --enable-source-maps, which also parses the maps node_modules ship (rxjs, class-validator,
  // pg-boss...): resident memory per process for frames of code that is not ours (docs/decisions/scaling.md#the-footprint-per-replica).
  "--import=data:text/javascript,import{setSourceMapsSupport}from'node:module';setSourceMapsSupport(true,{nodeModules:false})",
  // The young generation at most 2 x 16 MB (V8's own limit, derived from the host's memory, is larger). Under
  // concurrent writes a smaller one promotes what requests in flight hold and collects it again in the old
  // generation; a larger one grown at start would stay resident idle, so releaseStartupHeap() shrinks it once the
  // gateway is built (docs/decisions/scaling.md#the-footprint-per-replica).
  '--max-semi-space-size=16',
  // globalThis.gc, for releaseStartupHeap() only.
  '--expose-gc',
  // The old generation grows to at most 1.4 times what the last full collection left live. V8 picks that
  // factor from the heap limit it derives from the host's memory: up to 4 on a large host, about 1.3 where a
  // container's limit is small. A gateway is sized by its memory per replica, so it collects as the small
  // container would, wherever it runs, without a hard heap limit (a TOKEN_CACHE_MAX_ENTRIES set high still fits).
  '--heap-growing-percent=40',
];
