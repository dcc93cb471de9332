// Start-up fills the young generation (modules, Nest's container, compiled statements) and V8 keeps it at the
// size it grew to: up to 2 x 16 MB resident while the gateway waits for its first request. A last-resort
// collection once the gateway is built (V8's collection under memory pressure, which shrinks the young
// generation and returns its pages) leaves idle only what is live; under load it grows again as requests need.
// Run once, before the gateway listens, so no request waits on it.

type GcOptions = { type: 'major'; execution: 'sync'; flavor: 'last-resort' };

/** Collects everything start-up left and gives the young generation's pages back; nothing when gc is not exposed. */
export function releaseStartupHeap(): boolean {
  const gc = (globalThis as { gc?: (options: GcOptions) => void }).gc;
  if (typeof gc !== 'function') return false;
  gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  return true;
}
