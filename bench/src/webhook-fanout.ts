// The fan-out line of `npm run bench` (webhook-fanout): how fast the public gateway's dispatcher turns committed
// domain events into stored webhook events (the events feed's payloads, and deliveries where endpoints listen),
// and whether another organization waits behind that volume. Each round imports BENCH_WEBHOOK_FANOUT_EVENTS
// inventory rows of the 100,000-row organization through the real importer (as `admin import` does: one
// transaction, one inventory_level.changed per changed row), then commits one stock receipt of the 1,000-row
// organization; events fanned out per second = imported events / (last one stored - the import's commit), and
// the other organization's lag = its event stored - its commit. Neither organization has endpoints here: the
// line measures fan-out, the delivery lines measure delivery.
import { Database, DomainEventRepository, InventoryLevelRepository } from '@gateway/persistence';
import { InventoryLedger } from '@gateway/domain';
import { FixtureImportService, FixtureRepository } from '@gateway/fixture-import';
import { IntRange, loadConfigOrExit } from '@gateway/platform';
import { BenchOrganization } from './dataset';

export class WebhookFanoutBenchConfig {
  /** webhook-fanout: inventory rows imported per round (each one event to fan out). */
  @IntRange(1, 100_000)
  BENCH_WEBHOOK_FANOUT_EVENTS = 50_000;
}

export interface FanoutRun {
  events: number;
  /** How long the import's transaction took (it holds every later event's commit-order horizon meanwhile). */
  importMs: number;
  /** The import's commit to its last event stored. */
  fanOutMs: number;
  eventsPerSecond: number;
  /** The other organization's event: its commit to its payload stored. */
  otherLagMs: number;
  /** Events of the import still to be fanned out when the other organization's was stored. */
  backlogLeftAtOther: number;
}

export interface WebhookFanoutReport {
  eventsPerRound: number;
  rounds: FanoutRun[];
  eventsPerSecond: number;
}

interface Context {
  databaseUrl: string;
  /** The organization that imports (the 100,000-row one). */
  org: BenchOrganization;
  /** The other organization, with one event. */
  other: BenchOrganization;
  rounds: number;
  say: (line: string) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const lastSequence = async (db: Database) => (await db.query<{ n: string }>('SELECT coalesce(max(sequence), 0)::text AS n FROM webhook_events')).rows[0].n;

export async function measureWebhookFanout(context: Context): Promise<WebhookFanoutReport> {
  const settings = loadConfigOrExit(WebhookFanoutBenchConfig);
  const size = Math.min(settings.BENCH_WEBHOOK_FANOUT_EVENTS, context.org.barcodes.length * 2);
  const db = new Database({ url: context.databaseUrl, poolMax: 4, connectTimeoutMs: 30_000, applicationName: 'bench fan-out' });
  const importer = new FixtureImportService(db, new FixtureRepository(new DomainEventRepository()));
  const ledger = new InventoryLedger(new InventoryLevelRepository(), new DomainEventRepository());
  const warehouses = ['wh-bench-a', 'wh-bench-b'];
  const report: WebhookFanoutReport = { eventsPerRound: size, rounds: [], eventsPerSecond: 0 };
  try {
    for (let round = 1; round <= context.rounds; round++) {
      const since = await lastSequence(db);
      // Every row changes (onHand 5,000 + the round), so each is one event.
      const inventory = Array.from({ length: size }, (_, i) => ({
        organizationId: context.org.organizationId,
        warehouseId: warehouses[i % 2],
        barcode: context.org.barcodes[Math.floor(i / 2)],
        onHand: 5_000 + round,
        allocated: Math.floor(i / 2) % 5,
      }));
      context.say(`webhook-fanout: round ${round}/${context.rounds}, importing ${size.toLocaleString('en')} inventory rows`);
      const importStarted = Date.now();
      await importer.import({ inventory });
      const committed = Date.now();
      const barcode = context.other.barcodes[round % context.other.barcodes.length];
      await db.transaction((tx) =>
        ledger.apply(tx, [
          {
            organizationId: context.other.organizationId,
            warehouseId: context.other.warehouseId,
            barcode,
            delta: { onHand: 1 },
            type: 'StockReceived',
            aggregateType: 'InventoryLevel',
            aggregateId: `${context.other.warehouseId}/${barcode}`,
            initiator: 'bench',
          },
        ]),
      );
      const otherCommitted = Date.now();
      let otherLagMs: number | undefined;
      let backlogLeftAtOther = 0;
      let stored = 0;
      const deadline = Date.now() + 600_000;
      while (Date.now() < deadline) {
        const { rows } = await db.query<{ mine: number; other: number }>(
          `SELECT count(*) FILTER (WHERE organization_id = $2)::int AS mine, count(*) FILTER (WHERE organization_id = $3)::int AS other
             FROM webhook_events WHERE sequence > $1::bigint`,
          [since, context.org.organizationId, context.other.organizationId],
        );
        stored = rows[0].mine;
        if (otherLagMs === undefined && rows[0].other > 0) {
          otherLagMs = Date.now() - otherCommitted;
          backlogLeftAtOther = size - stored;
        }
        if (stored >= size && otherLagMs !== undefined) break;
        await sleep(50);
      }
      if (stored < size || otherLagMs === undefined) throw new Error(`webhook-fanout: ${stored} of ${size} events fanned out within 10 minutes`);
      const fanOutMs = Date.now() - committed;
      const run: FanoutRun = {
        events: size,
        importMs: committed - importStarted,
        fanOutMs,
        eventsPerSecond: (size * 1000) / fanOutMs,
        otherLagMs,
        backlogLeftAtOther,
      };
      report.rounds.push(run);
      context.say(
        `webhook-fanout: round ${round}/${context.rounds}: import ${run.importMs} ms, fanned out in ${fanOutMs} ms (${Math.round(run.eventsPerSecond)} events/s), ` +
          `the other organization's event stored after ${otherLagMs} ms with ${backlogLeftAtOther} of the import's left`,
      );
    }
    const total = report.rounds.reduce((sum, r) => sum + r.fanOutMs, 0);
    report.eventsPerSecond = (size * report.rounds.length * 1000) / Math.max(1, total);
    return report;
  } finally {
    await db.close();
  }
}

const num = (value: number, digits = 0) => value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The lines of the report for this one. */
export function formatWebhookFanout(fanout: WebhookFanoutReport | undefined): string[] {
  if (!fanout) return [];
  return [
    '',
    `Webhook fan-out (an import of ${num(fanout.eventsPerRound)} inventory rows, one transaction, then one event of another organization; no endpoints):`,
    ...fanout.rounds.map(
      (r, i) =>
        `  round ${i + 1}: import ${num(r.importMs)} ms; fanned out in ${num(r.fanOutMs)} ms, ${num(r.eventsPerSecond)} events/s; ` +
        `the other organization's event stored ${num(r.otherLagMs)} ms after its commit, ${num(r.backlogLeftAtOther)} of the import's events still to fan out`,
    ),
    `  events fanned out per second: ${num(fanout.eventsPerSecond)}; the other organization's lag: max ${num(Math.max(...fanout.rounds.map((r) => r.otherLagMs)))} ms`,
  ];
}
