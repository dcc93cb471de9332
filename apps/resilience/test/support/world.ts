// One database with seeded organizations, a public and an internal gateway process on it, and tokens
// for each kind of caller: the ground most areas of the suite stand on.
import { randomUUID } from 'node:crypto';
import {
  SeededOrganization,
  TestClient,
  TestClientSpec,
  TestDatabase,
  createTestClient,
  createTestDatabase,
  createTestToken,
  importFixture,
  seedOrganization,
  seedSandboxOrganization,
} from '@gateway/testing';
import { GatewayProcess, startGateway } from './gateway-process';
import { send } from './http';
import { orderRequest } from './order-stream';

export interface World {
  database: TestDatabase;
  org: SeededOrganization;
  otherOrg: SeededOrganization;
  /** A sandbox organization (contract 6.10), for its simulations, and a sales order of it that SHIP ships (once; FAILED after). */
  sandbox: SeededOrganization;
  sandboxOrderId: string;
  publicGateway: GatewayProcess;
  internalGateway: GatewayProcess;
  /** A SERVICE token of each audience. */
  publicToken: string;
  internalToken: string;
  /** A public SERVICE client registered for client_secret_post. */
  client: TestClient;
  /** An invoice of `org`. */
  invoiceId: string;
  /** Three OPEN fulfilment orders of `org`, made by sales orders. */
  fulfilmentOrderIds: string[];
  /** An OPEN fulfilment order of `otherOrg`. */
  otherFulfilmentOrderId: string;
  /** Two sales orders of `org` at its store: one whose address is changed (PATCH), one cancelled by the integrator. */
  salesOrders: { patched: string; cancelled: string };
  /** A shipment of `org`: the first parcel of an order shipped in part (UPDATE_SHIPMENT names it). */
  shipmentId: string;
  /** An ALLOCATED fulfilment order of `org` holding SHIPPABLE_UNITS of its first barcode: SHIP_FULFILMENT_ORDER ships one at a time. */
  shippableOrderId: string;
  /**
   * Returns of `org` (contract 6.8): a shipped order of RETURNABLE_UNITS that POST .../returns takes one unit of at a
   * time, a return awaiting arrival that the integrator cancels, and one the warehouse marks arrived and processes.
   */
  returns: { salesOrderId: string; cancelled: string; processed: string };
  /** Two webhook endpoints of `org`, to a host that resolves nowhere: one changed (PATCH, secret rolls), one sent to (test, recover). */
  webhookEndpoints: { managed: string; operated: string };
  /** Inbound shipments of `org`: one changed (PATCH), one cancelled, one received a unit at a time (never complete), one closed. */
  inboundShipments: { patched: string; cancelled: string; received: string; closed: string };
  close(): Promise<void>;
}

/** Limits raised so that the suite explores validation rather than the rate limiters and the request quota (the authorization area and the e2e specs test those). */
export const RELAXED_LIMITS = {
  TOKEN_RATE_LIMIT_PER_MINUTE: '100000',
  FAILED_AUTH_LIMIT_PER_CLIENT: '100000',
  FAILED_AUTH_LIMIT_PER_ADDRESS: '100000',
  API_RATE_LIMIT_PER_MINUTE: '100000000',
};

export async function startWorld(env: Record<string, string> = RELAXED_LIMITS): Promise<World> {
  const database = await createTestDatabase();
  const org = await seedOrganization(database.db);
  const otherOrg = await seedOrganization(database.db, { warehouseId: org.warehouseId });
  const sandbox = await seedSandboxOrganization(database.db);
  const invoiceId = `inv-${org.organizationId.slice(0, 8)}`;
  await importFixture(database.db, {
    invoices: [
      {
        id: invoiceId,
        organizationId: org.organizationId,
        number: '2026-0001',
        status: 'PAID',
        subtotal: { amountInMinorUnit: 1000, currency: 'EUR' },
        totalExcludingTax: { amountInMinorUnit: 1000, currency: 'EUR' },
        dueDate: '2028-02-29',
        paidAt: '2026-03-01',
        lineItems: [{ description: 'Storage', taxRate: 0.21, quantity: 1, unitAmountExcludingTax: { amountInMinorUnit: 1000, currency: 'EUR' } }],
      },
    ],
  });
  const publicGateway = await startGateway('public-gateway', { databaseUrl: database.url, env });
  const internalGateway = await startGateway('internal-gateway', { databaseUrl: database.url, issuer: publicGateway.url, env });
  const publicToken = await tokenFor(publicGateway.url, database.url, { type: 'SERVICE', audience: 'public' });
  const internalToken = await tokenFor(publicGateway.url, database.url, { type: 'SERVICE', audience: 'internal' });
  const fulfilmentOrderIds: string[] = [];
  for (let i = 0; i < 3; i += 1) fulfilmentOrderIds.push(await placeOrder(publicGateway.url, publicToken, org));
  const otherFulfilmentOrderId = await placeOrder(publicGateway.url, publicToken, otherOrg);
  const sandboxOrderId = await placeOrder(publicGateway.url, publicToken, sandbox, 'id');
  const salesOrders = {
    patched: await placeOrder(publicGateway.url, publicToken, org, 'id'),
    cancelled: await placeOrder(publicGateway.url, publicToken, org, 'id'),
  };
  const shipmentId = await shipPart(internalGateway.url, internalToken, org, await placeOrder(publicGateway.url, publicToken, org));
  const shippableOrderId = await allocatedOrder(publicGateway.url, internalGateway.url, { public: publicToken, internal: internalToken }, org);
  const returnable = await returnableOrder(publicGateway.url, internalGateway.url, { public: publicToken, internal: internalToken }, org);
  const returns = {
    salesOrderId: returnable,
    cancelled: await announceReturn(publicGateway.url, publicToken, org, returnable),
    processed: await announceReturn(publicGateway.url, publicToken, org, returnable),
  };
  const webhookEndpoints = {
    managed: await registerEndpoint(publicGateway.url, publicToken, org, 'managed'),
    operated: await registerEndpoint(publicGateway.url, publicToken, org, 'operated'),
  };
  const inboundShipments = {
    patched: await announceInbound(publicGateway.url, publicToken, org, 1),
    cancelled: await announceInbound(publicGateway.url, publicToken, org, 1),
    received: await announceInbound(publicGateway.url, publicToken, org, 1_000_000),
    closed: await announceInbound(publicGateway.url, publicToken, org, 1),
  };
  return {
    database,
    org,
    otherOrg,
    sandbox,
    sandboxOrderId,
    publicGateway,
    internalGateway,
    publicToken,
    internalToken,
    client: await createTestClient(database.url, { type: 'SERVICE' }),
    invoiceId,
    fulfilmentOrderIds,
    otherFulfilmentOrderId,
    salesOrders,
    shipmentId,
    shippableOrderId,
    returns,
    webhookEndpoints,
    inboundShipments,
    close: async () => {
      await Promise.all([publicGateway.stop(), internalGateway.stop()]);
      await database.drop();
    },
  };
}

/** A new client of the given kind and a token for it from the public gateway's token endpoint. */
export async function tokenFor(issuerUrl: string, databaseUrl: string, spec: TestClientSpec & { audience?: 'public' | 'internal' }): Promise<string> {
  return (await createTestToken({ url: issuerUrl }, databaseUrl, spec)).accessToken;
}

/** Places a sales order (the order streams' request); returns its fulfilment order's id. */
/** Places a sales order of `org`; answers its fulfilment order's id, or with 'id' the sales order's. */
export async function placeOrder(
  publicUrl: string,
  token: string,
  org: SeededOrganization,
  answer: 'fulfilmentOrderId' | 'id' = 'fulfilmentOrderId',
): Promise<string> {
  const res = await send(publicUrl, orderRequest(org, token, `world-${randomUUID()}`));
  const body = JSON.parse(res.text) as { id?: string; fulfilmentOrderId?: string };
  if (res.status !== 201 || !body[answer]) throw new Error(`no order: ${res.status} ${res.text}`);
  return body[answer] as string;
}

/** Runs a dispatch command of `org` that must succeed; answers its result. */
async function command(internalUrl: string, token: string, org: SeededOrganization, commandName: string, commandBody: Record<string, unknown>) {
  const res = await send(internalUrl, {
    method: 'POST',
    path: '/internal-tools/dispatch-command',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ commandName, organizationId: org.organizationId, commandBody }),
  });
  const body = JSON.parse(res.text) as { outcome?: string; result?: { shipment?: { id: string } } };
  if (res.status !== 200 || body.outcome !== 'SUCCESS') throw new Error(`${commandName}: ${res.status} ${res.text}`);
  return body.result;
}

/** Units of the shippable order: more than the suite's requests can ship one at a time. */
export const SHIPPABLE_UNITS = 2000;

/** Receives SHIPPABLE_UNITS of `org`'s first barcode, orders them in one line and allocates the order; answers its fulfilment order's id. */
async function allocatedOrder(publicUrl: string, internalUrl: string, tokens: { public: string; internal: string }, org: SeededOrganization): Promise<string> {
  await command(internalUrl, tokens.internal, org, 'RECEIVE_STOCK', { warehouseId: org.warehouseId, barcode: org.barcodes[0], quantity: SHIPPABLE_UNITS });
  const res = await send(publicUrl, {
    method: 'POST',
    path: `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`,
    headers: { authorization: `Bearer ${tokens.public}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      orderReference: `world-shippable-${randomUUID()}`,
      customer: { firstName: 'Ship' },
      lineItems: [{ sku: 's', barcode: org.barcodes[0], quantity: SHIPPABLE_UNITS }],
    }),
  });
  const fulfilmentOrderId = (JSON.parse(res.text) as { fulfilmentOrderId?: string }).fulfilmentOrderId;
  if (res.status !== 201 || !fulfilmentOrderId) throw new Error(`no shippable order: ${res.status} ${res.text}`);
  await command(internalUrl, tokens.internal, org, 'ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId });
  return fulfilmentOrderId;
}

/** Units of the returnable order: more than the suite's requests can return one at a time. */
export const RETURNABLE_UNITS = 2000;

/** Receives RETURNABLE_UNITS of `org`'s second barcode, orders, allocates and ships them all; answers the sales order's id. */
async function returnableOrder(publicUrl: string, internalUrl: string, tokens: { public: string; internal: string }, org: SeededOrganization): Promise<string> {
  await command(internalUrl, tokens.internal, org, 'RECEIVE_STOCK', { warehouseId: org.warehouseId, barcode: org.barcodes[1], quantity: RETURNABLE_UNITS });
  const res = await send(publicUrl, {
    method: 'POST',
    path: `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders`,
    headers: { authorization: `Bearer ${tokens.public}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      orderReference: `world-returnable-${randomUUID()}`,
      customer: { firstName: 'Return' },
      lineItems: [{ sku: 's', barcode: org.barcodes[1], quantity: RETURNABLE_UNITS }],
    }),
  });
  const body = JSON.parse(res.text) as { id?: string; fulfilmentOrderId?: string };
  if (res.status !== 201 || !body.id || !body.fulfilmentOrderId) throw new Error(`no returnable order: ${res.status} ${res.text}`);
  await command(internalUrl, tokens.internal, org, 'ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId: body.fulfilmentOrderId });
  await command(internalUrl, tokens.internal, org, 'SHIP_FULFILMENT_ORDER', { fulfilmentOrderId: body.fulfilmentOrderId });
  return body.id;
}

/** Announces a return of one unit of the returnable order; answers its id. */
async function announceReturn(publicUrl: string, token: string, org: SeededOrganization, salesOrderId: string): Promise<string> {
  const res = await send(publicUrl, {
    method: 'POST',
    path: `/v0/organizations/${org.organizationId}/stores/${org.storeId}/sales-orders/${salesOrderId}/returns`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ reason: 'OTHER', lines: [{ barcode: org.barcodes[1], quantity: 1 }] }),
  });
  const body = JSON.parse(res.text) as { id?: string };
  if (res.status !== 201 || !body.id) throw new Error(`no return: ${res.status} ${res.text}`);
  return body.id;
}

/** Allocates a fulfilment order of `org` and ships one unit of its first line with tracking; answers the shipment's id. */
export async function shipPart(internalUrl: string, token: string, org: SeededOrganization, fulfilmentOrderId: string): Promise<string> {
  const run = (commandName: string, commandBody: Record<string, unknown>) => command(internalUrl, token, org, commandName, commandBody);
  await run('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId });
  const shipment = { carrier: 'DHL', trackingNumber: '00340434161094015902', lines: [{ barcode: org.barcodes[0], quantity: 1 }] };
  const shipped = await run('SHIP_FULFILMENT_ORDER', {
    fulfilmentOrderId,
    shipment: { ...shipment, trackingUrl: 'https://tracking.carrier.example/?id=1' },
  });
  if (!shipped?.shipment) throw new Error('SHIP_FULFILMENT_ORDER answered no shipment');
  return shipped.shipment.id;
}

/** Registers a webhook endpoint of `org` whose host resolves nowhere (.invalid): deliveries to it fail without leaving the machine. */
export async function registerEndpoint(publicUrl: string, token: string, org: SeededOrganization, name: string): Promise<string> {
  const res = await send(publicUrl, {
    method: 'POST',
    path: `/v0/organizations/${org.organizationId}/webhook-endpoints`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `https://hooks.example.invalid/resilience/${name}`, eventTypes: ['sales_order.created'] }),
  });
  const body = JSON.parse(res.text) as { id?: string };
  if (res.status !== 201 || !body.id) throw new Error(`no webhook endpoint: ${res.status} ${res.text}`);
  return body.id;
}

/** Announces an inbound shipment of `quantity` of `org`'s first barcode at its warehouse, expected in a week; answers its id. */
export async function announceInbound(publicUrl: string, token: string, org: SeededOrganization, quantity: number): Promise<string> {
  const res = await send(publicUrl, {
    method: 'POST',
    path: `/v0/organizations/${org.organizationId}/inbound-shipments`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      reference: `world-${randomUUID()}`,
      warehouseId: org.warehouseId,
      expectedArrivalDate: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      lines: [{ barcode: org.barcodes[0], quantity }],
    }),
  });
  const body = JSON.parse(res.text) as { id?: string };
  if (res.status !== 201 || !body.id) throw new Error(`no inbound shipment: ${res.status} ${res.text}`);
  return body.id;
}
