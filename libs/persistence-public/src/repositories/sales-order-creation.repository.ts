// Sales-order creation in two round trips: one read (the organization and store the access policy decides on,
// the retail units the lines name and the answer stored for the Idempotency-Key) and one statement that writes
// everything an order is, atomic as one statement is: the idempotency record, the order and its lines, the OPEN
// fulfilment order and its lines, the events (in the order given, the statement trigger queueing them for
// fan-out) and each level's pendingAllocation. Each is a call of a function of the schema (migration 0021), so
// Postgres plans them once per session; no BEGIN/COMMIT and no named statement, so it passes PgBouncer in
// transaction mode.
import { Injectable } from '@nestjs/common';
import { Queryable, StoreAccess, StoreAccessJson, toStoreAccess } from '@gateway/persistence';
import { idempotencyLockKey } from './idempotency.repository';

export interface CreationRead {
  access: StoreAccess;
  units: { barcode: string; sku: string; archived: boolean }[];
  /** The answer stored for the key, as written (its text), with the fingerprint of the request that made it. */
  earlier?: { requestFingerprint: string; responseText: string };
}

export interface NewOrderWrite {
  clientId: string;
  /** Absent: the order is written with no idempotency record. */
  idempotency?: { key: string; requestFingerprint: string; responseStatus: number };
  organizationId: string;
  storeId: string;
  warehouseId: string;
  salesOrderId: string;
  fulfilmentOrderId: string;
  orderReference: string;
  /** null: placed at its creation time. */
  placedAt: string | null;
  note: string | null;
  customer: unknown;
  shippingAddress: unknown;
  lines: { barcode: string; sku: string; quantity: number; attributes: unknown }[];
  /** One per barcode, in the order of the barcodes' first lines. */
  fulfilmentLines: { barcode: string; quantity: number }[];
  events: { type: string; aggregateType: string; aggregateId: string; warehouseId: string | null; barcode: string | null; payload: unknown }[];
  /**
   * The answer's JSON text with "createdAt":"" (and "placedAt":"" when not sent) at its top level, before any
   * nested object: the statement writes the creation time there, so that the stored answer and the one sent are
   * the same text.
   */
  answerTemplate: string;
}

export type NewOrderOutcome =
  | { kind: 'created'; responseText: string }
  /** Another request with the key holds its lock: in flight. */
  | { kind: 'inFlight' }
  /** A unit resolved in the read is archived or gone now. */
  | { kind: 'unitsChanged' }
  /** Another request with the key committed after the read: its answer (if it is still there). */
  | { kind: 'answered'; earlier: { requestFingerprint: string; responseText: string } | undefined };

/** The read and the write are functions (their migration says what each does), so each session plans them once. */
const READ = 'SELECT read_access AS access, read_units AS units, read_earlier AS earlier FROM sales_order_creation_read($1, $2, $3, $4, $5, $6)';
const WRITE = `SELECT written_locked AS locked, written_units AS units, written_body AS body
  FROM sales_order_creation_write(${Array.from({ length: 21 }, (_, i) => `$${i + 1}`).join(', ')})`;

@Injectable()
export class SalesOrderCreationRepository {
  /**
   * The organization and store (for the access policy), the units the lines name (by barcode, or by sku for lines
   * without one) and the answer stored for the key.
   */
  async read(
    q: Queryable,
    input: { organizationId: string; storeId: string; barcodes: string[]; skus: string[]; clientId: string; key: string | undefined },
  ): Promise<CreationRead> {
    const { rows } = await q.query<{ access: StoreAccessJson | null; units: CreationRead['units']; earlier: CreationRead['earlier'] | null }>(READ, [
      input.organizationId,
      input.storeId,
      input.barcodes,
      input.skus,
      input.clientId,
      input.key ?? null,
    ]);
    return { access: toStoreAccess(rows[0].access), units: rows[0].units, earlier: rows[0].earlier ?? undefined };
  }

  async write(q: Queryable, order: NewOrderWrite): Promise<NewOrderOutcome> {
    const key = order.idempotency?.key;
    const { rows } = await q.query<{ locked: boolean; units: number; body: string | null }>(WRITE, [
      key ?? null,
      key === undefined ? null : idempotencyLockKey(order.clientId, key),
      order.clientId,
      order.organizationId,
      order.warehouseId,
      order.salesOrderId,
      order.storeId,
      order.orderReference,
      order.placedAt,
      JSON.stringify({ note: order.note ?? undefined, customer: order.customer, shippingAddress: order.shippingAddress ?? undefined }),
      order.answerTemplate,
      order.idempotency?.requestFingerprint ?? null,
      order.lines.map((l) => l.barcode),
      order.lines.map((l) => l.sku),
      order.lines.map((l) => l.quantity),
      order.fulfilmentLines.map((l) => l.barcode),
      order.fulfilmentOrderId,
      order.fulfilmentLines.map((l) => l.quantity),
      JSON.stringify(order.events),
      order.lines.map((l) => JSON.stringify(l.attributes)),
      order.idempotency?.responseStatus ?? null,
    ]);
    const written = rows[0];
    if (written.body !== null) return { kind: 'created', responseText: written.body };
    if (!written.locked) return { kind: 'inFlight' };
    if (written.units !== order.fulfilmentLines.length) return { kind: 'unitsChanged' };
    const { earlier } = await this.read(q, {
      organizationId: order.organizationId,
      storeId: order.storeId,
      barcodes: [],
      skus: [],
      clientId: order.clientId,
      key,
    });
    return { kind: 'answered', earlier };
  }
}
