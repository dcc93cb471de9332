import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchReport, ScenarioReport, formatReport, quotaCostOf, readPreviousRun, verdictOf } from './report';
import { Figures } from './stats';

const figures = (requestsPerSecond: number, p50Ms: number, p99Ms: number, statusCounts: Record<string, number> = { 200: 100 }): Figures => ({
  requests: 100,
  requestsPerSecond,
  p50Ms,
  p99Ms,
  non2xx: Object.entries(statusCounts).reduce((n, [s, c]) => (s.startsWith('2') ? n : n + c), 0),
  errors: 0,
  statusCounts,
  bytesPerResponse: 10,
});

describe('verdictOf', () => {
  it('is ok when the ratio meets the target and p99 is at most 4 times p50', () => {
    expect(verdictOf(figures(900, 2, 8), figures(1000, 1, 2), 0.9)).toEqual({ verdict: 'ok', reasons: [], ratio: 0.9, tailRatio: 4 });
  });

  it('names the missed throughput target', () => {
    expect(verdictOf(figures(790, 2, 4), figures(1000, 1, 2), 0.8)).toEqual({
      verdict: 'below target',
      reasons: ["throughput 0.79 of the comparison's (target 0.8)"],
      ratio: 0.79,
      tailRatio: 2,
    });
  });

  it('shows a missed ratio with the decimals that keep it below the target', () => {
    expect(verdictOf(figures(7_996, 2, 4), figures(10_000, 1, 2), 0.8).reasons).toEqual(["throughput 0.7996 of the comparison's (target 0.8)"]);
  });

  it('holds every scenario to p99 at most 4 times p50, with or without a comparison', () => {
    expect(verdictOf(figures(100, 2, 8.2), undefined, undefined)).toEqual({
      verdict: 'below target',
      reasons: ['p99 is 4.1 times p50 (target at most 4)'],
      tailRatio: 4.1,
    });
  });

  it('fails a scenario with non-2xx answers, whatever its figures', () => {
    expect(verdictOf(figures(2000, 1, 2), figures(1000, 1, 2, { 200: 90, 404: 10 }), 1).verdict).toBe('FAILED');
  });
});

describe('quotaCostOf', () => {
  it('judges a request of more than 100 µs by 3 % of its CPU with quotas off', () => {
    expect(quotaCostOf({ on: 205, off: 200 })).toEqual({ costUs: 5, allowedUs: 6, judgedBy: '3 %', within: true });
    expect(quotaCostOf({ on: 207, off: 200 })).toMatchObject({ costUs: 7, allowedUs: 6, judgedBy: '3 %', within: false });
  });

  it('judges a request of less than 100 µs by 3 µs', () => {
    expect(quotaCostOf({ on: 82.5, off: 80 })).toEqual({ costUs: 2.5, allowedUs: 3, judgedBy: '3 µs', within: true });
    expect(quotaCostOf({ on: 83.5, off: 80 })).toMatchObject({ allowedUs: 3, judgedBy: '3 µs', within: false });
  });

  it('takes 100 µs, where both bounds are 3 µs, as judged by 3 %', () => {
    expect(quotaCostOf({ on: 103, off: 100 })).toEqual({ costUs: 3, allowedUs: 3, judgedBy: '3 %', within: true });
  });
});

describe('formatReport: request quotas on against off', () => {
  const scenario = (name: string, on: number, off: number, cpuUs?: { on: number; off: number }): ScenarioReport => ({
    name,
    description: name,
    connections: 10,
    gateway: figures(on + 5, 1, 3),
    quotasOn: figures(on, 1, 2),
    quotasOff: figures(off, 1, 2),
    quotasRatio: on / off,
    quotasCpuUs: cpuUs,
    tailRatio: 2,
    verdict: 'ok',
    reasons: [],
  });
  const report: BenchReport = {
    startedAt: '2026-11-01T00:00:00.000Z',
    durationSeconds: 1,
    machine: { cpus: 2, cpuModel: 'test', memoryMb: 1, node: '24', platform: 'linux' },
    settings: { API_RATE_LIMIT_PER_MINUTE: 100_000_000 },
    scenarios: [
      scenario('whoami', 9_500, 10_000, { on: 84.5, off: 82 }),
      scenario('whoami-no-cache', 5_800, 6_000, { on: 166, off: 160 }),
      scenario('invoices', 980, 1_000, { on: 420, off: 400 }),
      scenario('sales-order-get', 990, 1_000),
    ],
    costGrowth: [],
  };

  it('prints each scenario with its CPU a request on and off, the bound it is judged by, and whether it is within it', () => {
    const lines = formatReport(report).split('\n');
    const start = lines.findIndex((line) => line.startsWith('Request quotas:'));
    expect(lines[start]).toContain('API_RATE_LIMIT_PER_MINUTE=100000000');
    expect(lines[start + 1]).toContain('at most 3 % of it or 3 µs, whichever is larger');
    expect(lines.slice(start + 4, start + 8).map((line) => line.trim().split(/ {2,}/))).toEqual([
      // 3 % of 82 µs is 2.5 µs: the 3 µs bound is the larger.
      ['whoami', '9,500', '10,000', '0.950', '84.5', '82.0', '+2.5', '3.0', '3 µs', 'ok'],
      ['whoami-no-cache', '5,800', '6,000', '0.967', '166.0', '160.0', '+6.0', '4.8', '3 %', 'OVER'],
      // 0.98 of the throughput, but 5 % more CPU a request: the CPU is what is judged.
      ['invoices', '980', '1,000', '0.980', '420.0', '400.0', '+20.0', '12.0', '3 %', 'OVER'],
      ['sales-order-get', '990', '1,000', '0.990', '-', '-', '-', '-', '-', 'no CPU figures'],
    ]);
  });
});

describe('against the previous run', () => {
  const scenario = (name: string, ratio: number): ScenarioReport => ({
    name,
    description: name,
    connections: 10,
    gateway: figures(ratio * 1000, 1, 2),
    throughputRatio: ratio,
    tailRatio: 2,
    verdict: 'ok',
    reasons: [],
  });
  const run = (startedAt: string, connections: number, ratios: Record<string, number>): BenchReport => ({
    startedAt,
    durationSeconds: 1,
    machine: { cpus: 2, cpuModel: 'test', memoryMb: 1, node: '24', platform: 'linux' },
    settings: { BENCH_CONNECTIONS: connections },
    scenarios: Object.entries(ratios).map(([name, ratio]) => scenario(name, ratio)),
    costGrowth: [],
  });
  let directory: string;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'bench-results-'));
  });

  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('reads the newest earlier run with the same connections', () => {
    const save = (file: string, report: BenchReport | string) =>
      writeFileSync(join(directory, file), typeof report === 'string' ? report : JSON.stringify(report));
    save('bench-2026-11-01T10-00-00-000Z.json', run('2026-11-01T10:00:00.000Z', 10, { whoami: 1.1 }));
    save('bench-2026-11-02T10-00-00-000Z.json', run('2026-11-02T10:00:00.000Z', 10, { whoami: 1.2 }));
    save('bench-2026-11-03T10-00-00-000Z.json', run('2026-11-03T10:00:00.000Z', 20, { whoami: 0.9 }));
    save('bench-2026-11-04T10-00-00-000Z.json', '{"cut short');
    save('example.json', run('2026-12-01T10:00:00.000Z', 10, { whoami: 5 }));
    expect(readPreviousRun(directory, 10)).toEqual({ startedAt: '2026-11-02T10:00:00.000Z', ratios: { whoami: 1.2 } });
    expect(readPreviousRun(join(directory, 'none'), 10)).toBeUndefined();
  });

  it("prints each scenario's G/C then and now, marking a fall of more than 10 %", () => {
    const report = {
      ...run('2026-11-05T10:00:00.000Z', 10, { whoami: 0.8, invoices: 0.95 }),
      previous: { startedAt: '2026-11-02T10:00:00.000Z', ratios: { whoami: 1.2, invoices: 1.0 } },
    };
    const lines = formatReport(report).split('\n');
    const start = lines.findIndex((line) => line.startsWith('Against the previous run'));
    expect(lines[start]).toContain('2026-11-02T10:00:00.000Z');
    expect(lines.slice(start + 3, start + 5).map((line) => line.trim().split(/ {2,}/))).toEqual([
      ['whoami', '1.20', '0.80', 'DOWN by 33 %'],
      ['invoices', '1.00', '0.95'],
    ]);
  });
});
