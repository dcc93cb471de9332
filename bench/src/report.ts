// The figures of a run: a table on the terminal and the same figures as JSON in bench/results/.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Figures } from './stats';

export const THROUGHPUT_TARGET = 0.8;
export const TAIL_TARGET = 4;

export type Verdict = 'ok' | 'below target' | 'FAILED';

export interface ScenarioReport {
  name: string;
  description: string;
  connections: number;
  gateway: Figures;
  baseline?: Figures;
  /** An empty NestJS/express route answering the same path, in the same run (scenarios marked `floor`). */
  floor?: Figures;
  /** Gateway throughput over the baseline's, in the same run. */
  throughputRatio?: number;
  /** The floor's throughput over the baseline's: the most a NestJS/express gateway reaches here. */
  floorRatio?: number;
  verdict: Verdict;
  /** Why the verdict is not ok. */
  reasons: string[];
}

export interface CostGrowthReport {
  inventoryRows: number;
  requests: number;
  p50Ms: number;
  p99Ms: number;
  bytesPerResponse: number;
  /** Gateway RSS before the run and its peak during it, MB. */
  rssBeforeMb: number;
  rssPeakMb: number;
  /** The peak over the peak of the smallest size's run: what the row count adds, MB. */
  peakOverSmallestMb: number;
  non2xx: number;
}

export interface BenchReport {
  startedAt: string;
  durationSeconds: number;
  machine: { cpus: number; cpuModel: string; memoryMb: number; node: string; platform: string };
  settings: Record<string, unknown>;
  scenarios: ScenarioReport[];
  costGrowth: CostGrowthReport[];
  /** Lines of the public gateway's /metrics after the run, for the names and counts of its metrics. */
  metricsSample?: string[];
}

export function verdictOf(gateway: Figures, baseline: Figures | undefined, heldToTargets: boolean): { verdict: Verdict; reasons: string[]; ratio?: number } {
  const ratio = baseline && baseline.requestsPerSecond > 0 ? gateway.requestsPerSecond / baseline.requestsPerSecond : undefined;
  const failures: string[] = [];
  if (gateway.non2xx > 0) failures.push(`gateway answered ${gateway.non2xx} non-2xx (${statusList(gateway)})`);
  if (gateway.errors > 0) failures.push(`gateway: ${gateway.errors} requests got no answer`);
  if (gateway.requests === 0) failures.push('gateway answered nothing');
  if (baseline && baseline.non2xx + baseline.errors > 0) failures.push(`baseline answered ${baseline.non2xx} non-2xx (${statusList(baseline)}) and ${baseline.errors} errors`);
  if (failures.length > 0) return { verdict: 'FAILED', reasons: failures, ratio };
  const misses: string[] = [];
  if (heldToTargets) {
    if (ratio !== undefined && ratio < THROUGHPUT_TARGET) misses.push(`throughput ${ratio.toFixed(2)} of the baseline's (target ${THROUGHPUT_TARGET})`);
    if (gateway.p99Ms >= TAIL_TARGET * gateway.p50Ms) misses.push(`p99 is ${(gateway.p99Ms / gateway.p50Ms).toFixed(1)} times p50 (target under ${TAIL_TARGET})`);
  }
  return { verdict: misses.length ? 'below target' : 'ok', reasons: misses, ratio };
}

function statusList(f: Figures): string {
  return Object.entries(f.statusCounts)
    .filter(([s]) => !s.startsWith('2'))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
}

const num = (value: number | undefined, digits = 0) => (value === undefined || Number.isNaN(value) ? '-' : value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits }));

function table(headers: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatReport(report: BenchReport): string {
  const scenarioRows = report.scenarios.map((s) => [
    s.name,
    num(s.gateway.requestsPerSecond),
    num(s.gateway.p50Ms, 1),
    num(s.gateway.p99Ms, 1),
    num(s.gateway.non2xx),
    s.baseline ? num(s.baseline.requestsPerSecond) : '-',
    s.baseline ? num(s.baseline.p50Ms, 1) : '-',
    s.baseline ? num(s.baseline.p99Ms, 1) : '-',
    num(s.throughputRatio, 2),
    s.verdict,
  ]);
  const costRows = report.costGrowth.map((c) => [
    num(c.inventoryRows),
    num(c.requests),
    num(c.p50Ms, 1),
    num(c.p99Ms, 1),
    num(c.bytesPerResponse / 1e6, 2),
    num(c.rssBeforeMb, 1),
    num(c.rssPeakMb, 1),
    `${c.peakOverSmallestMb >= 0 ? '+' : ''}${num(c.peakOverSmallestMb, 1)}`,
    num(c.non2xx),
  ]);
  const notes = report.scenarios.filter((s) => s.reasons.length > 0).map((s) => `  ${s.name}: ${s.reasons.join('; ')}`);
  const floors = report.scenarios
    .filter((s) => s.floor && s.floorRatio !== undefined && s.throughputRatio !== undefined)
    .map(
      (s) =>
        `  ${s.name}: an empty NestJS/express route answers ${num(s.floor?.requestsPerSecond)} req/s (p50 ${num(s.floor?.p50Ms, 1)} ms, p99 ${num(s.floor?.p99Ms, 1)} ms), ` +
        `${num(s.floorRatio, 2)} of the baseline; the gateway reaches ${num((s.throughputRatio as number) / (s.floorRatio as number), 2)} of that floor.`,
    );
  return [
    `Gateway (G) against the framework-free baseline (B), alternating rounds; ${report.machine.cpus} CPUs, Node ${report.machine.node}.`,
    `Settings: ${Object.entries(report.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
    '',
    table(['scenario', 'G req/s', 'G p50 ms', 'G p99 ms', 'G non-2xx', 'B req/s', 'B p50 ms', 'B p99 ms', 'G/B', 'verdict'], scenarioRows, new Set([1, 2, 3, 4, 5, 6, 7, 8])),
    ...(notes.length ? ['', 'Notes:', ...notes] : []),
    ...(floors.length ? ['', 'Framework floor (no token check, no middleware, no logging: the most the NestJS/express stack reaches on this machine):', ...floors] : []),
    '',
    'Cost growth of the inventory read (1 connection; public gateway resident memory from /proc, peak compared with the 1,000-row run):',
    table(['rows', 'requests', 'p50 ms', 'p99 ms', 'MB/answer', 'RSS before MB', 'RSS peak MB', 'peak vs 1k MB', 'non-2xx'], costRows, new Set([0, 1, 2, 3, 4, 5, 6, 7, 8])),
  ].join('\n');
}

export function writeReport(report: BenchReport, directory: string): string {
  mkdirSync(directory, { recursive: true });
  const file = join(directory, `bench-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
