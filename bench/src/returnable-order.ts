// The shipped order the return-create scenario returns one unit of at a time: RETURNABLE_UNITS of one barcode
// received, ordered, allocated and shipped through the gateways, as a shop and its warehouse would.
import { salesOrdersPath } from './load/load-kit.mjs';
import type { BenchOrganization } from './dataset';

/** More units than a run returns one at a time. */
export const RETURNABLE_UNITS = 10_000_000;

export interface ReturnableOrder {
  salesOrderId: string;
  barcode: string;
}

export async function prepareReturnableOrder(
  urls: { public: string; internal: string },
  tokens: { public: string; internal: string },
  org: BenchOrganization,
): Promise<ReturnableOrder> {
  const barcode = org.barcodes[0];
  const command = async (commandName: string, commandBody: Record<string, unknown>) => {
    const res = await fetch(`${urls.internal}/internal-tools/dispatch-command`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.internal}`, 'content-type': 'application/json' },
      body: JSON.stringify({ commandName, organizationId: org.organizationId, commandBody }),
    });
    const answer = (await res.json()) as { outcome?: string };
    if (res.status !== 200 || answer.outcome !== 'SUCCESS') throw new Error(`${commandName} for the returnable order: ${res.status} ${JSON.stringify(answer)}`);
  };
  await command('RECEIVE_STOCK', { warehouseId: org.warehouseId, barcode, quantity: RETURNABLE_UNITS });
  const placed = await fetch(`${urls.public}${salesOrdersPath(org)}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.public}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      orderReference: 'bench-returnable',
      customer: { firstName: 'Bench' },
      lineItems: [{ sku: `SKU-${barcode}`, barcode, quantity: RETURNABLE_UNITS }],
    }),
  });
  const order = (await placed.json()) as { id?: string; fulfilmentOrderId?: string };
  if (placed.status !== 201 || !order.id || !order.fulfilmentOrderId)
    throw new Error(`the returnable order answered ${placed.status}: ${JSON.stringify(order)}`);
  await command('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId: order.fulfilmentOrderId });
  await command('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId: order.fulfilmentOrderId });
  return { salesOrderId: order.id, barcode };
}

/** What return-create sends: one unit of the returnable order, no Idempotency-Key. */
export function returnBody(barcode: string): string {
  return JSON.stringify({ reason: 'NO_LONGER_NEEDED', lines: [{ barcode, quantity: 1 }] });
}
