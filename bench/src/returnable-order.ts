// The shipped orders the return-create scenario returns one unit at a time from: each of one barcode, received,
// ordered, allocated and shipped through the gateways before the timed part, as a shop and its warehouse would.
// A return reads the claims of its order's earlier returns; were every return of a run one of a single order,
// each create would read more than the last and the rate would fall through the run. So the requests go in
// slices: each slice its own few orders, each order taking RETURNS_PER_ORDER returns (so a create reads 0 to
// RETURNS_PER_ORDER - 1 earlier claims, the same spread in every slice, for the gateway and the baseline alike),
// side by side, so that concurrent creates rarely wait for one order's lock.
import { salesOrdersPath } from './load/load-kit.mjs';
import type { BenchDataset, BenchOrganization } from './dataset';
import type { BenchConfig } from './bench.config';
import type { PathPool } from './load/load-spec';

/** The returns each order takes: a handful, as an order has in use. */
export const RETURNS_PER_ORDER = 20;
/** Orders a slice spreads its requests over, one after the other: more than the bench's connections. */
export const ORDERS_PER_SLICE = 16;
/** Units of each order: what it takes, with room for a pool that runs out and starts over a few times. */
export const UNITS_PER_ORDER = 1_000;
/** Requests a second the pool is sized for; a faster run starts the pool over (its orders then read up to twice the claims). */
const POOL_RATE = 500;
/** Orders prepared at a time. */
const CONCURRENCY = 8;

export interface ReturnableOrders {
  barcode: string;
  /** In the order the slices take them. */
  salesOrderIds: string[];
}

/**
 * How many orders a run of return-create takes: every run and slice of it, warm-ups included, for each round
 * (the gateway's run, the quota pair's warm-ups and slices, the baseline's), at POOL_RATE.
 */
export function returnableOrderCount(config: Pick<BenchConfig, 'BENCH_ROUNDS' | 'BENCH_DURATION_SECONDS' | 'BENCH_WARMUP_SECONDS'>): number {
  const run = config.BENCH_WARMUP_SECONDS + config.BENCH_DURATION_SECONDS;
  // The gateway and the baseline one run each; the quota pair two warm-ups of a fresh process (4 s more) and its slices.
  const secondsPerRound = 2 * run + 2 * (config.BENCH_WARMUP_SECONDS + 4) + 2 * config.BENCH_DURATION_SECONDS;
  const requests = config.BENCH_ROUNDS * secondsPerRound * POOL_RATE;
  return Math.ceil(requests / (RETURNS_PER_ORDER * ORDERS_PER_SLICE)) * ORDERS_PER_SLICE;
}

export async function prepareReturnableOrders(
  urls: { public: string; internal: string },
  tokens: { public: string; internal: string },
  org: BenchOrganization,
  count: number,
): Promise<ReturnableOrders> {
  const barcode = org.barcodes[0];
  const command = async (commandName: string, commandBody: Record<string, unknown>) => {
    const res = await fetch(`${urls.internal}/internal-tools/dispatch-command`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.internal}`, 'content-type': 'application/json' },
      body: JSON.stringify({ commandName, organizationId: org.organizationId, commandBody }),
    });
    const answer = (await res.json()) as { outcome?: string };
    if (res.status !== 200 || answer.outcome !== 'SUCCESS') throw new Error(`${commandName} for a returnable order: ${res.status} ${JSON.stringify(answer)}`);
  };
  await command('RECEIVE_STOCK', { warehouseId: org.warehouseId, barcode, quantity: count * UNITS_PER_ORDER });
  const shipOne = async (index: number): Promise<string> => {
    const placed = await fetch(`${urls.public}${salesOrdersPath(org)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.public}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        orderReference: `bench-returnable-${index}`,
        customer: { firstName: 'Bench' },
        lineItems: [{ sku: `SKU-${barcode}`, barcode, quantity: UNITS_PER_ORDER }],
      }),
    });
    const order = (await placed.json()) as { id?: string; fulfilmentOrderId?: string };
    if (placed.status !== 201 || !order.id || !order.fulfilmentOrderId)
      throw new Error(`a returnable order answered ${placed.status}: ${JSON.stringify(order)}`);
    await command('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId: order.fulfilmentOrderId });
    await command('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId: order.fulfilmentOrderId });
    return order.id;
  };
  const salesOrderIds: string[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, count) }, async () => {
      while (next < count) {
        const index = next++;
        salesOrderIds[index] = await shipOne(index);
      }
    }),
  );
  return { barcode, salesOrderIds };
}

/** The returns paths of the orders, as the load worker takes them: slices of ORDERS_PER_SLICE orders, RETURNS_PER_ORDER each. */
export function returnPaths(dataset: BenchDataset, returnable: ReturnableOrders): PathPool {
  const paths = returnable.salesOrderIds.map((id) => `${salesOrdersPath(dataset[1_000])}/${id}/returns`);
  return { paths, width: Math.min(ORDERS_PER_SLICE, paths.length), perPath: RETURNS_PER_ORDER };
}

/** What return-create sends: one unit of a returnable order, no Idempotency-Key. */
export function returnBody(barcode: string): string {
  return JSON.stringify({ reason: 'NO_LONGER_NEEDED', lines: [{ barcode, quantity: 1 }] });
}
