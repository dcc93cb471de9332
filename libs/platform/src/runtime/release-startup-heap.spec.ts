import { spawnSync } from 'node:child_process';
import { GATEWAY_NODE_FLAGS } from './gateway-node-flags';
import { releaseStartupHeap } from './release-startup-heap';

describe('releaseStartupHeap', () => {
  const exposed = (globalThis as { gc?: unknown }).gc;
  afterEach(() => {
    (globalThis as { gc?: unknown }).gc = exposed;
  });

  it('runs one synchronous last-resort collection when the gateway flags expose gc', () => {
    const gc = jest.fn();
    (globalThis as { gc?: unknown }).gc = gc;
    expect(releaseStartupHeap()).toBe(true);
    expect(gc.mock.calls).toEqual([[{ type: 'major', execution: 'sync', flavor: 'last-resort' }]]);
  });

  it('does nothing in a process started without them', () => {
    (globalThis as { gc?: unknown }).gc = undefined;
    expect(releaseStartupHeap()).toBe(false);
  });

  it('gives back the young generation a start-up grew, under the gateway flags', () => {
    // A start-up in small: objects that survive scavenges grow the young generation to its maximum.
    const script = `
      const v8 = require('node:v8');
      const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').physical_space_size;
      let kept = [];
      const old = [];
      for (let i = 0; i < 2e6; i++) { kept.push({ i }); if (kept.length > 200000) { old.push(kept); kept = []; } }
      const before = young();
      globalThis.gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
      process.stdout.write(JSON.stringify({ before, after: young(), kept: old.length }));
    `;
    const run = spawnSync(process.execPath, [...GATEWAY_NODE_FLAGS.filter((f) => !f.startsWith('--import')), '-e', script], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const { before, after } = JSON.parse(run.stdout) as { before: number; after: number };
    expect(before).toBeGreaterThanOrEqual(16 * 1024 * 1024);
    expect(after).toBeLessThan(2 * 1024 * 1024);
  });
});
