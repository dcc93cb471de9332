// The figures of a run: a table on the terminal and the same figures as JSON in bench/results/.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Figures } from './stats';
import type { WebhookDeliveryReport } from './webhook-delivery';
import { WebhookCapacityReport, WebhookLagReport, formatWebhookCapacity } from './webhook-capacity';
import { WebhookFanoutReport, formatWebhookFanout } from './webhook-fanout';

/** Every scenario: the gateway's p99 at most this many times its p50. */
export const TAIL_TARGET = 4;
/**
 * Every scenario: what request quotas add to the gateway's CPU a request is at most this share of its CPU a request
 * with them off, or QUOTA_COST_FLOOR_US, whichever is larger (docs/decisions/request-quotas.md#performance).
 */
export const QUOTA_COST_SHARE = 0.03;
/** The bound of the quota's cost in µs of gateway CPU a request, where 3 % of a cheap request is less. */
export const QUOTA_COST_FLOOR_US = 3;

export type Verdict = 'ok' | 'below target' | 'FAILED';

export interface ScenarioReport {
  name: string;
  description: string;
  connections: number;
  gateway: Figures;
  /** The scenario's gateway with its quota on, a fresh process each round (the quota comparison's on side). */
  quotasOn?: Figures;
  /** The same with API_RATE_LIMIT_ENABLED=false, a fresh process each round beside the quotas-on one. */
  quotasOff?: Figures;
  /** Throughput with quotas on over throughput with them off, both on fresh processes in the same rounds. */
  quotasRatio?: number;
  /** The gateway's CPU a request (utime + stime from /proc over the measured slices), µs, with quotas on and off. */
  quotasCpuUs?: { on: number; off: number };
  /** What the gateway was compared with in alternating runs: the framework-free baseline or oidc-provider. */
  comparedWith?: 'baseline' | 'oidc-provider';
  comparison?: Figures;
  /** An empty NestJS/express route answering the same path, in the same run (scenarios marked `floor`). */
  floor?: Figures;
  /** Gateway throughput over the comparison's, in the same run. */
  throughputRatio?: number;
  /** The share of the comparison's throughput the gateway must reach (docs/decisions/benchmarks.md). */
  throughputTarget?: number;
  /** The gateway's p99 over its p50. */
  tailRatio: number;
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
  /** Webhook delivery to a local receiver (scenario name webhook-delivery). */
  webhookDelivery?: WebhookDeliveryReport;
  /** The delivery engine against its ceiling, and its lag at a held rate (webhook-capacity, webhook-lag). */
  webhookCapacity?: WebhookCapacityReport;
  webhookLag?: WebhookLagReport;
  /** The dispatcher's throughput on an import's events, and another organization's lag meanwhile (webhook-fanout). */
  webhookFanout?: WebhookFanoutReport;
  /** With BENCH_READ_URL: what an inventory read asks of the primary and of the replica, without and with DATABASE_READ_URL. */
  replicaReads?: ReplicaReadsReport;
  /** Resident memory of each gateway process: idle after start, and its peak over the whole run, MB. */
  memory?: GatewayMemoryReport[];
  /** The newest earlier run in bench/results with the same connections: its G/C per scenario. */
  previous?: PreviousRun;
}

/** Transactions (each statement outside one counts one) per inventory-1k request, the processes' idle ones subtracted. */
export interface ReplicaReadsReport {
  requests: { primaryOnly: number; withReplica: number };
  requestsPerSecond: { primaryOnly: number; withReplica: number };
  onPrimary: { primaryOnly: number; withReplica: number };
  onReplica: { primaryOnly: number; withReplica: number };
}

export interface PreviousRun {
  startedAt: string;
  /** Gateway/comparison throughput ratio by scenario name. */
  ratios: Record<string, number>;
}

/** A scenario whose G/C fell below this share of the previous run's is marked: more than the runs' usual spread. */
export const PREVIOUS_RUN_DROP = 0.9;

/** The footprint a replica multiplies when scaled out; its targets (MB) are the issue's. */
export const MEMORY_TARGETS_MB = { idle: 140, peak: 250 } as const;

export interface GatewayMemoryReport {
  gateway: string;
  /** Resident set size once started and ready, before any load. */
  idleMb: number;
  /** The highest resident set size from its start to the end of the run (the kernel's high-water mark). */
  peakMb: number;
}

export function formatMemory(memory: GatewayMemoryReport[]): string[] {
  return [
    `Memory per gateway process (resident, from /proc; targets: idle after start <= ${MEMORY_TARGETS_MB.idle} MB, peak under the bench's load <= ${MEMORY_TARGETS_MB.peak} MB):`,
    ...memory.map((m) => {
      const within = m.idleMb <= MEMORY_TARGETS_MB.idle && m.peakMb <= MEMORY_TARGETS_MB.peak;
      return `  ${m.gateway}: idle ${num(m.idleMb, 1)} MB, peak ${num(m.peakMb, 1)} MB: ${within ? 'within the targets' : 'OVER a target'}`;
    }),
  ];
}

export function verdictOf(
  gateway: Figures,
  comparison: Figures | undefined,
  throughputTarget: number | undefined,
): { verdict: Verdict; reasons: string[]; ratio?: number; tailRatio: number } {
  const ratio = comparison && comparison.requestsPerSecond > 0 ? gateway.requestsPerSecond / comparison.requestsPerSecond : undefined;
  const tailRatio = gateway.p99Ms / gateway.p50Ms;
  const failures: string[] = [];
  if (gateway.non2xx > 0) failures.push(`gateway answered ${gateway.non2xx} non-2xx (${statusList(gateway)})`);
  if (gateway.errors > 0) failures.push(`gateway: ${gateway.errors} requests got no answer`);
  if (gateway.requests === 0) failures.push('gateway answered nothing');
  if (comparison && comparison.non2xx + comparison.errors > 0)
    failures.push(`comparison answered ${comparison.non2xx} non-2xx (${statusList(comparison)}) and ${comparison.errors} errors`);
  if (failures.length > 0) return { verdict: 'FAILED', reasons: failures, ratio, tailRatio };
  const misses: string[] = [];
  if (throughputTarget !== undefined && ratio !== undefined && ratio < throughputTarget)
    misses.push(`throughput ${ratioText(ratio, 2, throughputTarget)} of the comparison's (target ${throughputTarget.toFixed(1)})`);
  if (!(tailRatio <= TAIL_TARGET)) misses.push(`p99 is ${tailRatio.toFixed(1)} times p50 (target at most ${TAIL_TARGET})`);
  return { verdict: misses.length ? 'below target' : 'ok', reasons: misses, ratio, tailRatio };
}

function statusList(f: Figures): string {
  return Object.entries(f.statusCounts)
    .filter(([s]) => !s.startsWith('2'))
    .map(([s, n]) => `${s}: ${n}`)
    .join(', ');
}

const num = (value: number | undefined, digits = 0) =>
  value === undefined || Number.isNaN(value) ? '-' : value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/**
 * A ratio to `digits` decimals, or to as many more as it takes for the figure shown to fall on the same side
 * of `target` as the ratio itself: 7,996 against 10,000 req/s is 0.7996 beside a target of 0.8, never 0.80.
 */
const ratioText = (value: number | undefined, digits: number, target: number | undefined) => {
  if (value === undefined || target === undefined) return num(value, digits);
  const shownAs = (decimals: number) => num(value, decimals);
  let shown = digits;
  while (shown < 6 && value < target !== Number(shownAs(shown).replaceAll(',', '')) < target) shown++;
  return shownAs(shown);
};
/** Requests per second: a decimal below 100 (inventory-100k answers 4 or 5 a second). */
const rate = (value: number | undefined) => num(value, value !== undefined && value < 100 ? 1 : 0);

function table(headers: string[], rows: string[][], rightAligned: Set<number>): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (rightAligned.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

export function formatReport(report: BenchReport): string {
  const scenarioRows = report.scenarios.map((s) => [
    s.name,
    rate(s.gateway.requestsPerSecond),
    num(s.gateway.p50Ms, 1),
    num(s.gateway.p99Ms, 1),
    num(s.gateway.non2xx),
    s.comparedWith ?? '-',
    s.comparison ? rate(s.comparison.requestsPerSecond) : '-',
    s.comparison ? num(s.comparison.p50Ms, 1) : '-',
    s.comparison ? num(s.comparison.p99Ms, 1) : '-',
    ratioText(s.throughputRatio, 2, s.throughputTarget),
    s.throughputTarget === undefined ? '-' : `>= ${num(s.throughputTarget, 1)}`,
    `${num(s.tailRatio, 1)} (<= ${TAIL_TARGET})`,
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
    `Gateway (G) against what it is compared with (C: the framework-free baseline, or oidc-provider for minting), alternating rounds; ${report.machine.cpus} CPUs, Node ${report.machine.node}.`,
    `Settings: ${Object.entries(report.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
    '',
    table(
      ['scenario', 'G req/s', 'G p50 ms', 'G p99 ms', 'G non-2xx', 'C', 'C req/s', 'C p50 ms', 'C p99 ms', 'G/C', 'G/C target', 'G p99/p50', 'verdict'],
      scenarioRows,
      new Set([1, 2, 3, 4, 6, 7, 8, 9, 10, 11]),
    ),
    ...(notes.length ? ['', 'Notes:', ...notes] : []),
    ...(floors.length
      ? ['', 'Framework floor (no token check, no middleware, no logging: the most the NestJS/express stack reaches on this machine):', ...floors]
      : []),
    ...formatQuotaComparison(report),
    ...formatAgainstPrevious(report),
    '',
    'Cost growth of the inventory read (1 connection; public gateway resident memory from /proc, peak compared with the 1,000-row run):',
    table(
      ['rows', 'requests', 'p50 ms', 'p99 ms', 'MB/answer', 'RSS before MB', 'RSS peak MB', 'peak vs 1k MB', 'non-2xx'],
      costRows,
      new Set([0, 1, 2, 3, 4, 5, 6, 7, 8]),
    ),
    ...(report.memory ? ['', ...formatMemory(report.memory)] : []),
    ...(report.webhookDelivery
      ? [
          '',
          `Webhook delivery (sales_order.created to a receiver on 127.0.0.1): ${num(report.webhookDelivery.delivered)} of ${num(report.webhookDelivery.events)} events delivered, ` +
            `${num(report.webhookDelivery.eventsPerSecond, 1)} events/s, lag from the order's transaction to the receiver p50 ${num(report.webhookDelivery.lagP50Ms)} ms, p99 ${num(report.webhookDelivery.lagP99Ms)} ms.`,
        ]
      : []),
    ...formatWebhookCapacity(report.webhookCapacity, report.webhookLag),
    ...formatWebhookFanout(report.webhookFanout),
    ...(report.replicaReads
      ? [
          '',
          `Reads on a replica (inventory-1k, transactions per request, idle ones subtracted): without DATABASE_READ_URL ${num(report.replicaReads.onPrimary.primaryOnly, 2)} on the primary, ` +
            `${num(report.replicaReads.onReplica.primaryOnly, 2)} on the replica (${num(report.replicaReads.requestsPerSecond.primaryOnly)} req/s); with it ${num(report.replicaReads.onPrimary.withReplica, 2)} on the primary, ` +
            `${num(report.replicaReads.onReplica.withReplica, 2)} on the replica (${num(report.replicaReads.requestsPerSecond.withReplica)} req/s).`,
        ]
      : []),
  ].join('\n');
}

export interface QuotaCost {
  /** Gateway CPU a request with quotas on less with them off, µs. */
  costUs: number;
  /** The most it may be: QUOTA_COST_SHARE of the CPU with quotas off, or QUOTA_COST_FLOOR_US, whichever is larger. */
  allowedUs: number;
  /** Which of the two bounds is the larger one, that the scenario is judged by. */
  judgedBy: '3 %' | '3 µs';
  within: boolean;
}

/** The quota's cost on one scenario, from the gateway's CPU a request with quotas on and off. */
export function quotaCostOf(cpuUs: { on: number; off: number }): QuotaCost {
  const share = QUOTA_COST_SHARE * cpuUs.off;
  const judgedBy = share >= QUOTA_COST_FLOOR_US ? '3 %' : '3 µs';
  const allowedUs = Math.max(share, QUOTA_COST_FLOOR_US);
  const costUs = cpuUs.on - cpuUs.off;
  return { costUs, allowedUs, judgedBy, within: costUs <= allowedUs };
}

/** Each scenario's gateway with its request quota on against the same gateway with quotas off, in the same rounds. */
function formatQuotaComparison(report: BenchReport): string[] {
  const compared = report.scenarios.filter((s) => s.quotasOn && s.quotasOff);
  if (compared.length === 0) return [];
  const rows = compared.map((s) => {
    const on = s.quotasOn as Figures;
    const off = s.quotasOff as Figures;
    const cost = s.quotasCpuUs && quotaCostOf(s.quotasCpuUs);
    const failures = [
      ...(on.non2xx + on.errors > 0 ? [`quotas on: ${on.non2xx} non-2xx, ${on.errors} errors`] : []),
      ...(off.non2xx + off.errors > 0 ? [`quotas off: ${off.non2xx} non-2xx, ${off.errors} errors`] : []),
    ].join('; ');
    return [
      s.name,
      rate(on.requestsPerSecond),
      rate(off.requestsPerSecond),
      num(s.quotasRatio, 3),
      num(s.quotasCpuUs?.on, 1),
      num(s.quotasCpuUs?.off, 1),
      cost ? `${cost.costUs >= 0 ? '+' : ''}${num(cost.costUs, 1)}` : '-',
      cost ? num(cost.allowedUs, 1) : '-',
      cost?.judgedBy ?? '-',
      failures || (!cost ? 'no CPU figures' : cost.within ? 'ok' : 'OVER'),
    ];
  });
  return [
    '',
    `Request quotas: each scenario with quotas on (API_RATE_LIMIT_PER_MINUTE=${report.settings.API_RATE_LIMIT_PER_MINUTE ?? '-'}, never reached) against the same gateway with API_RATE_LIMIT_ENABLED=false, a fresh pair of processes each round.`,
    `Judged by the gateway's CPU a request (/proc, µs): quotas on may add at most ${num(QUOTA_COST_SHARE * 100)} % of it or ${QUOTA_COST_FLOOR_US} µs, whichever is larger; "judged by" names the bound that applies:`,
    table(
      ['scenario', 'on req/s', 'off req/s', 'on/off', 'on CPU µs', 'off CPU µs', 'on - off µs', 'at most µs', 'judged by', 'verdict'],
      rows,
      new Set([1, 2, 3, 4, 5, 6, 7]),
    ),
  ];
}

/** Each scenario's G/C beside the previous run's: a change of code that costs a scenario shows in the next run. */
function formatAgainstPrevious(report: BenchReport): string[] {
  const previous = report.previous;
  if (!previous) return [];
  const rows = report.scenarios
    .filter((s) => s.throughputRatio !== undefined && previous.ratios[s.name] !== undefined)
    .map((s) => {
      const now = s.throughputRatio as number;
      const then = previous.ratios[s.name];
      return [s.name, num(then, 2), num(now, 2), now < then * PREVIOUS_RUN_DROP ? `DOWN by ${num((1 - now / then) * 100)} %` : ''];
    });
  if (rows.length === 0) return [];
  return [
    '',
    `Against the previous run in bench/results (${previous.startedAt}, same connections): G/C then and now, marked where it fell by more than ${num((1 - PREVIOUS_RUN_DROP) * 100)} %:`,
    table(['scenario', 'G/C then', 'G/C now', ''], rows, new Set([1, 2])),
  ];
}

/** The newest run in `directory` with as many connections as this one (bench-<time>.json names sort by time). */
export function readPreviousRun(directory: string, connections: number): PreviousRun | undefined {
  let names: string[];
  try {
    names = readdirSync(directory).filter((name) => /^bench-.*\.json$/.test(name));
  } catch {
    return undefined;
  }
  for (const name of names.sort().reverse()) {
    try {
      const run = JSON.parse(readFileSync(join(directory, name), 'utf8')) as BenchReport;
      if (run.settings?.BENCH_CONNECTIONS !== connections) continue;
      const ratios = Object.fromEntries(run.scenarios.filter((s) => typeof s.throughputRatio === 'number').map((s) => [s.name, s.throughputRatio as number]));
      return { startedAt: run.startedAt, ratios };
    } catch {
      // A file from an older bench or cut short: look further back.
    }
  }
  return undefined;
}

export function writeReport(report: BenchReport, directory: string): string {
  mkdirSync(directory, { recursive: true });
  const file = join(directory, `bench-${report.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
