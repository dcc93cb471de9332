// SQL of inbound shipments (contract 6.9): the shipment with its lines, the organization's pages newest
// first, a warehouse's list by expected date, and the changes the use cases make.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';
import { Environment, environmentOf } from './organization.repository';

export type InboundShipmentStatus = 'AWAITING' | 'RECEIVING' | 'COMPLETED' | 'CANCELLED';

export interface InboundShipmentLineRow {
  barcode: string;
  sku: string;
  expectedQuantity: number;
  receivedQuantity: number;
}

/** An inbound shipment as read back; times are ISO 8601 UTC with milliseconds, the date YYYY-MM-DD. */
export interface InboundShipmentRow {
  id: string;
  organizationId: string;
  /** The organization's environment (contract 6.10). */
  environment: Environment;
  warehouseId: string;
  reference: string;
  status: InboundShipmentStatus;
  expectedArrivalDate: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  cancelledAt: string | null;
  lines: InboundShipmentLineRow[];
  /** created_at with microseconds, for keyset pages. */
  createdAtKey: string;
}

export interface NewInboundShipment {
  id: string;
  organizationId: string;
  warehouseId: string;
  reference: string;
  expectedArrivalDate: string;
  carrier: string | null;
  trackingNumber: string | null;
  trackingUrl: string | null;
  createdByClientId: string;
  /** With each unit's sku, as the announcement read it: the row answered names it without reading it back. */
  lines: { barcode: string; sku: string; quantity: number }[];
}

export interface InboundShipmentChange {
  expectedArrivalDate?: string;
  /** null clears the field. */
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
}

const isoUtc = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const SHIPMENT_COLUMNS = `s.id, s.organization_id AS "organizationId", ${environmentOf('s')} AS environment, s.warehouse_id AS "warehouseId", s.reference, s.status,
  to_char(s.expected_arrival_date, 'YYYY-MM-DD') AS "expectedArrivalDate", s.carrier, s.tracking_number AS "trackingNumber",
  s.tracking_url AS "trackingUrl", ${isoUtc('s.created_at')} AS "createdAt", ${isoUtc('s.updated_at')} AS "updatedAt",
  ${isoUtc('s.completed_at')} AS "completedAt", ${isoUtc('s.cancelled_at')} AS "cancelledAt",
  to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "createdAtKey"`;

const COLUMNS = `${SHIPMENT_COLUMNS},
  (SELECT coalesce(json_agg(json_build_object('barcode', l.barcode, 'sku', u.sku, 'expectedQuantity', l.expected_quantity,
            'receivedQuantity', l.received_quantity) ORDER BY l.position), '[]'::json)
     FROM inbound_shipment_lines l JOIN retail_units u ON u.organization_id = l.organization_id AND u.barcode = l.barcode
    WHERE l.inbound_shipment_id = s.id) AS lines`;

const toRow = (row: InboundShipmentRow): InboundShipmentRow => ({
  ...row,
  lines: row.lines.map((l) => ({ ...l, expectedQuantity: Number(l.expectedQuantity), receivedQuantity: Number(l.receivedQuantity) })),
});

@Injectable()
export class InboundShipmentRepository {
  /**
   * Inserts the shipment and its lines, and answers it as `find` would read it back: the shipment's columns
   * from the insert itself, its lines as announced (nothing received yet), one statement fewer per announcement.
   */
  async insert(q: Queryable, shipment: NewInboundShipment): Promise<InboundShipmentRow> {
    const { rows } = await q.query<Omit<InboundShipmentRow, 'lines'>>(
      `INSERT INTO inbound_shipments AS s (id, organization_id, warehouse_id, reference, status, expected_arrival_date, carrier, tracking_number, tracking_url, created_by_client_id)
       VALUES ($1, $2, $3, $4, 'AWAITING', $5::date, $6, $7, $8, $9) RETURNING ${SHIPMENT_COLUMNS}`,
      [
        shipment.id,
        shipment.organizationId,
        shipment.warehouseId,
        shipment.reference,
        shipment.expectedArrivalDate,
        shipment.carrier,
        shipment.trackingNumber,
        shipment.trackingUrl,
        shipment.createdByClientId,
      ],
    );
    await this.insertLines(q, shipment.id, shipment.organizationId, shipment.lines);
    return { ...rows[0], lines: shipment.lines.map((l) => ({ barcode: l.barcode, sku: l.sku, expectedQuantity: l.quantity, receivedQuantity: 0 })) };
  }

  private async insertLines(q: Queryable, id: string, organizationId: string, lines: { barcode: string; quantity: number }[]): Promise<void> {
    await q.query(
      `INSERT INTO inbound_shipment_lines (inbound_shipment_id, position, organization_id, barcode, expected_quantity)
       SELECT $1, l.position - 1, $2, l.barcode, l.quantity FROM unnest($3::text[], $4::bigint[]) WITH ORDINALITY AS l(barcode, quantity, position)`,
      [id, organizationId, lines.map((l) => l.barcode), lines.map((l) => l.quantity)],
    );
  }

  /** The shipment of the organization, or undefined; `lock` takes its row lock (FOR UPDATE) for a change. */
  async find(q: Queryable, organizationId: string, id: string, lock = false): Promise<InboundShipmentRow | undefined> {
    if (lock) await q.query('SELECT 1 FROM inbound_shipments WHERE id = $1 AND organization_id = $2 FOR UPDATE', [id, organizationId]);
    const { rows } = await q.query<InboundShipmentRow>(`SELECT ${COLUMNS} FROM inbound_shipments s WHERE s.id = $1 AND s.organization_id = $2`, [
      id,
      organizationId,
    ]);
    return rows[0] && toRow(rows[0]);
  }

  /**
   * The organization's shipments, newest first, after `before` (keyset on created_at, id: a key no change moves,
   * so a walk through the pages neither skips nor repeats a shipment).
   */
  async page(
    q: Queryable,
    query: { organizationId: string; status?: InboundShipmentStatus; updatedSince?: string; before?: { createdAt: string; id: string }; limit: number },
  ): Promise<InboundShipmentRow[]> {
    const { rows } = await q.query<InboundShipmentRow>(
      `SELECT ${COLUMNS} FROM inbound_shipments s
        WHERE s.organization_id = $1 AND ($2::text IS NULL OR s.status = $2) AND ($3::timestamptz IS NULL OR s.updated_at >= $3)
          AND ($4::timestamptz IS NULL OR (s.created_at, s.id) < ($4::timestamptz, $5::uuid))
        ORDER BY s.created_at DESC, s.id DESC LIMIT $6`,
      [query.organizationId, query.status ?? null, query.updatedSince ?? null, query.before?.createdAt ?? null, query.before?.id ?? null, query.limit],
    );
    return rows.map(toRow);
  }

  /** A warehouse's shipments of the organization, by expected arrival date (then id), after `after`. */
  async pageOfWarehouse(
    q: Queryable,
    query: {
      organizationId: string;
      warehouseId: string;
      statuses: InboundShipmentStatus[];
      after?: { expectedArrivalDate: string; id: string };
      limit: number;
    },
  ): Promise<InboundShipmentRow[]> {
    const { rows } = await q.query<InboundShipmentRow>(
      `SELECT ${COLUMNS} FROM inbound_shipments s
        WHERE s.organization_id = $1 AND s.warehouse_id = $2 AND s.status = ANY($3::text[])
          AND ($4::date IS NULL OR (s.expected_arrival_date, s.id) > ($4::date, $5::uuid))
        ORDER BY s.expected_arrival_date, s.id LIMIT $6`,
      [query.organizationId, query.warehouseId, query.statuses, query.after?.expectedArrivalDate ?? null, query.after?.id ?? null, query.limit],
    );
    return rows.map(toRow);
  }

  /** Changes the announced fields; `lines`, when given, replace the lines whole. */
  async update(
    q: Queryable,
    id: string,
    organizationId: string,
    change: InboundShipmentChange,
    lines?: { barcode: string; quantity: number }[],
  ): Promise<void> {
    const has = (key: keyof InboundShipmentChange) => change[key] !== undefined;
    await q.query(
      `UPDATE inbound_shipments SET
         expected_arrival_date = CASE WHEN $3 THEN $4::date ELSE expected_arrival_date END,
         carrier = CASE WHEN $5 THEN $6 ELSE carrier END,
         tracking_number = CASE WHEN $7 THEN $8 ELSE tracking_number END,
         tracking_url = CASE WHEN $9 THEN $10 ELSE tracking_url END,
         updated_at = now()
       WHERE id = $1 AND organization_id = $2`,
      [
        id,
        organizationId,
        has('expectedArrivalDate'),
        change.expectedArrivalDate ?? null,
        has('carrier'),
        change.carrier ?? null,
        has('trackingNumber'),
        change.trackingNumber ?? null,
        has('trackingUrl'),
        change.trackingUrl ?? null,
      ],
    );
    if (lines) {
      await q.query('DELETE FROM inbound_shipment_lines WHERE inbound_shipment_id = $1', [id]);
      await this.insertLines(q, id, organizationId, lines);
    }
  }

  /** Moves the shipment to `status` (COMPLETED and CANCELLED stamp their time). */
  async setStatus(q: Queryable, id: string, status: InboundShipmentStatus): Promise<void> {
    await q.query(
      `UPDATE inbound_shipments SET status = $2, updated_at = now(),
         completed_at = CASE WHEN $2 = 'COMPLETED' THEN now() ELSE completed_at END,
         cancelled_at = CASE WHEN $2 = 'CANCELLED' THEN now() ELSE cancelled_at END
       WHERE id = $1`,
      [id, status],
    );
  }

  /** Adds what arrived to the lines; a barcode not on the shipment gets a line of its own (announced 0). */
  async addReceived(q: Queryable, id: string, organizationId: string, lines: { barcode: string; quantity: number }[]): Promise<void> {
    await q.query(
      `INSERT INTO inbound_shipment_lines (inbound_shipment_id, position, organization_id, barcode, expected_quantity, received_quantity)
       SELECT $1, (SELECT coalesce(max(position), -1) FROM inbound_shipment_lines WHERE inbound_shipment_id = $1) + r.n, $2, r.barcode, 0, r.quantity
         FROM unnest($3::text[], $4::bigint[]) WITH ORDINALITY AS r(barcode, quantity, n)
       ON CONFLICT (inbound_shipment_id, barcode) DO UPDATE SET received_quantity = inbound_shipment_lines.received_quantity + EXCLUDED.received_quantity`,
      [id, organizationId, lines.map((l) => l.barcode), lines.map((l) => l.quantity)],
    );
    await q.query('UPDATE inbound_shipments SET updated_at = now() WHERE id = $1', [id]);
  }

  /** Whether an open (AWAITING or RECEIVING) inbound shipment of the organization names the barcode. */
  async openNaming(q: Queryable, organizationId: string, barcode: string): Promise<boolean> {
    const { rows } = await q.query(
      `SELECT 1 FROM inbound_shipment_lines l JOIN inbound_shipments s ON s.id = l.inbound_shipment_id
        WHERE l.organization_id = $1 AND l.barcode = $2 AND s.status IN ('AWAITING', 'RECEIVING') LIMIT 1`,
      [organizationId, barcode],
    );
    return rows.length > 0;
  }

  /**
   * The organization's retail units among `barcodes`, by barcode, with whether each is archived; each row
   * key-share locked (in barcode order), so that an archival waits for this transaction and then sees it.
   */
  async lockUnits(q: Queryable, organizationId: string, barcodes: string[]): Promise<Map<string, { sku: string; archived: boolean }>> {
    const { rows } = await q.query<{ barcode: string; sku: string; archived: boolean }>(
      `SELECT barcode, sku, archived_at IS NOT NULL AS archived FROM retail_units
        WHERE organization_id = $1 AND barcode = ANY($2::text[]) ORDER BY barcode FOR KEY SHARE`,
      [organizationId, barcodes],
    );
    return new Map(rows.map((r) => [r.barcode, { sku: r.sku, archived: r.archived }]));
  }

  /**
   * The warehouses the organization's stores use, where it may send stock: for a sandbox only its own (contract
   * 6.10), and never a sandbox's warehouse for any other organization.
   */
  async warehousesOfStores(q: Queryable, organizationId: string): Promise<string[]> {
    const { rows } = await q.query<{ warehouse_id: string }>(
      `SELECT DISTINCT s.warehouse_id FROM stores s JOIN organizations o ON o.id = s.organization_id
         JOIN warehouses w ON w.id = s.warehouse_id
        WHERE s.organization_id = $1
          AND (CASE WHEN o.environment = 'SANDBOX' THEN w.sandbox_organization_id = o.id ELSE w.sandbox_organization_id IS NULL END)`,
      [organizationId],
    );
    return rows.map((r) => r.warehouse_id);
  }
}
