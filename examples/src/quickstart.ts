// The integrator's first calls with the SDK: a token, the organizations it may read, one organization's
// inventory, a sales order created with an Idempotency-Key and sent again (the retry is answered with the
// first result), the store's orders with that reference read page by page, and a refusal as a ProblemError.
import { ProblemError, PublicClient, paginate, unwrap } from '@gateway/sdk';

export interface QuickstartOptions {
  /** The organization and store of the order: by default the demo data's (fixtures/demo.json). */
  organizationId?: string;
  storeId?: string;
  /** Unique per run unless given, so each run creates one new order. */
  orderReference?: string;
}

export interface QuickstartResult {
  organizations: { id: string; name: string }[];
  inventoryItems: number;
  order: { id: string; status: string; fulfilmentOrderId: string };
  retry: { sameOrder: boolean; replayed: boolean };
  listed: number;
  refusal: { status: number; type: string };
}

/** A failed call, with the problem the gateway answered. */
function fail(what: string, response: Response, error: unknown): never {
  throw new Error(`${what}: ${response.status} ${JSON.stringify(error)}`);
}

export async function quickstart(api: PublicClient, say: (line: string) => void, options: QuickstartOptions = {}): Promise<QuickstartResult> {
  // 1. A token: minted once, then reused by every call below until shortly before it expires.
  await api.credentials.accessToken();
  say('token: minted (reused until shortly before it expires)');

  // 2. The organizations this client may read.
  const organizations = await api.GET('/v0/organizations');
  if (!organizations.data) fail('organizations', organizations.response, organizations.error);
  say(`organizations: ${organizations.data.organizations.map((o) => o.name).join(', ')}`);

  // 3. The inventory of one of them, per warehouse.
  const organizationId = options.organizationId ?? '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01';
  const inventory = await api.GET('/v0/organizations/{organizationId}/inventory', { params: { path: { organizationId } } });
  if (!inventory.data) fail('inventory', inventory.response, inventory.error);
  for (const group of inventory.data.items)
    say(`inventory at ${group.warehouseId}: ${group.items.map((i) => `${i.barcode} sellable ${i.sellable}`).join(', ')}`);
  const entry = inventory.data.items.flatMap((group) => group.items).find((item) => item.sellable > 0);
  if (!entry) throw new Error(`organization ${organizationId} has nothing sellable to order`);

  // 4. A sales order. The key names this order: sending it again (a retry after a timeout, say) cannot create a second one.
  const orderReference = options.orderReference ?? `quickstart-${Date.now()}`;
  const order = {
    params: { path: { organizationId, storeId: options.storeId ?? 'store-nordic-web' }, header: { 'Idempotency-Key': `order-${orderReference}` } },
    // The line is resolved by its barcode; the sku is then informational.
    body: { orderReference, customer: { firstName: 'Quinn', lastName: 'Start' }, lineItems: [{ sku: entry.barcode, barcode: entry.barcode, quantity: 1 }] },
  };
  const created = await api.POST('/v0/organizations/{organizationId}/stores/{storeId}/sales-orders', order);
  if (!created.data) fail('sales order', created.response, created.error);
  say(`sales order ${created.data.id}: ${created.data.status}, fulfilment order ${created.data.fulfilmentOrderId}`);
  const retried = await api.POST('/v0/organizations/{organizationId}/stores/{storeId}/sales-orders', order);
  if (!retried.data) fail('sales order retry', retried.response, retried.error);
  const replayed = retried.response.headers.get('idempotent-replayed') === 'true';
  say(`sent again with the same Idempotency-Key: ${retried.data.id === created.data.id ? 'the same order' : 'ANOTHER ORDER'}${replayed ? ' (replayed)' : ''}`);

  // 5. The store's orders with this reference, every page (paginate follows nextCursor).
  let listed = 0;
  for await (const listedOrder of paginate(api, '/v0/organizations/{organizationId}/stores/{storeId}/sales-orders', {
    params: { path: order.params.path, query: { orderReference, limit: 10 } },
  })) {
    listed += 1;
    say(`listed: ${listedOrder.orderReference} ${listedOrder.status} (fulfilment ${listedOrder.fulfilmentStatus})`);
  }

  // 6. A refusal is a problem (RFC 9457): unwrap throws it as a ProblemError, whose type is a page explaining it.
  let refusal = { status: 0, type: '' };
  try {
    await unwrap(
      api.GET('/v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}', {
        params: { path: { ...order.params.path, salesOrderId: '00000000-0000-4000-8000-000000000000' } },
      }),
    );
  } catch (error) {
    if (!(error instanceof ProblemError)) throw error;
    refusal = { status: error.status, type: error.type };
    say(`an unknown order: ${error.status} ${error.type} (${error.detail})`);
  }

  return {
    organizations: organizations.data.organizations,
    inventoryItems: inventory.data.items.reduce((sum, group) => sum + group.items.length, 0),
    order: { id: created.data.id, status: created.data.status, fulfilmentOrderId: created.data.fulfilmentOrderId },
    retry: { sameOrder: retried.data.id === created.data.id, replayed },
    listed,
    refusal,
  };
}
