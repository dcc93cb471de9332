// SQL of the data import: reads what a file may refer to, and upserts each section.
import { Injectable } from '@nestjs/common';
import { ADVISORY_LOCKS, DomainEventRepository, NewDomainEvent, Queryable } from '@gateway/persistence';
import { bulkUpsert } from './bulk-upsert';
import { Fixture, SectionCounts } from '../fixture.types';

type Section<K extends keyof Fixture> = NonNullable<Fixture[K]>;

export interface ExistingReferenceRows {
  organizations: { id: string; environment: 'LIVE' | 'SANDBOX' }[];
  warehouseIds: string[];
  sandboxWarehouses: { id: string; sandbox_organization_id: string }[];
  stores: { id: string; organization_id: string }[];
  retailUnits: { organization_id: string; barcode: string }[];
  invoices: { id: string; organization_id: string }[];
  fulfilmentOrders: { id: string; organization_id: string }[];
  connections: { id: string; organization_id: string }[];
}

export interface HeldQuantityMismatch {
  organizationId: string;
  warehouseId: string;
  barcode: string;
  allocated: number;
  pendingAllocation: number;
  heldAllocated: number;
  heldPendingAllocation: number;
}

const SECTION_TABLES: Record<string, string[]> = {
  warehouses: ['warehouses'],
  organizations: ['organizations'],
  users: ['users', 'memberships'],
  stores: ['stores'],
  connections: ['connections'],
  retailUnits: ['retail_units'],
  inventory: ['inventory_levels', 'domain_events'],
  invoices: ['invoices', 'invoice_line_items'],
  fulfilmentOrders: ['fulfilment_orders', 'fulfilment_order_lines'],
  releaseChannelFeatures: ['release_channel_features'],
};

@Injectable()
export class FixtureRepository {
  constructor(private readonly events: DomainEventRepository) {}

  /** Serializes concurrent imports: the second waits for the first to commit. */
  async lock(q: Queryable): Promise<void> {
    await q.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCKS.import]);
  }

  /** Refreshes planner statistics after a bulk write, so that the next queries plan for the real sizes. */
  async analyze(q: Queryable, sections: string[]): Promise<void> {
    const tables = [...new Set(sections.flatMap((section) => SECTION_TABLES[section] ?? []))];
    if (tables.length > 0) await q.query(`ANALYZE ${tables.join(', ')}`);
  }

  async existingReferences(q: Queryable, fixture: Fixture): Promise<ExistingReferenceRows> {
    const organizationIds = new Set<string>();
    for (const section of ['stores', 'connections', 'retailUnits', 'inventory', 'invoices', 'fulfilmentOrders'] as const) {
      for (const item of fixture[section] ?? []) organizationIds.add(item.organizationId);
    }
    for (const user of fixture.users ?? []) for (const m of user.memberships) organizationIds.add(m.organizationId);
    for (const organization of fixture.organizations ?? []) organizationIds.add(organization.id);
    const orgs = [...organizationIds];
    // One after another: the queries share the transaction's connection.
    const organizations = await q.query<{ id: string; environment: 'LIVE' | 'SANDBOX' }>(
      'SELECT id, environment FROM organizations WHERE id::text = ANY($1::text[])',
      [orgs],
    );
    const warehouses = await q.query<{ id: string; sandbox_organization_id: string | null }>('SELECT id, sandbox_organization_id FROM warehouses');
    const stores = await q.query<{ id: string; organization_id: string }>('SELECT id, organization_id FROM stores');
    const retailUnits = await q.query<{ organization_id: string; barcode: string }>(
      'SELECT organization_id, barcode FROM retail_units WHERE organization_id::text = ANY($1::text[])',
      [orgs],
    );
    const invoices = await q.query<{ id: string; organization_id: string }>('SELECT id, organization_id FROM invoices WHERE id = ANY($1::text[])', [
      (fixture.invoices ?? []).map((i) => i.id),
    ]);
    const fulfilmentOrders = await q.query<{ id: string; organization_id: string }>(
      'SELECT id, organization_id FROM fulfilment_orders WHERE id = ANY($1::text[])',
      [(fixture.fulfilmentOrders ?? []).map((f) => f.id)],
    );
    const connections = await q.query<{ id: string; organization_id: string }>('SELECT id, organization_id FROM connections WHERE id = ANY($1::text[])', [
      (fixture.connections ?? []).map((c) => c.id),
    ]);
    return {
      organizations: organizations.rows,
      warehouseIds: warehouses.rows.map((r) => r.id),
      sandboxWarehouses: warehouses.rows.flatMap((r) => (r.sandbox_organization_id ? [{ id: r.id, sandbox_organization_id: r.sandbox_organization_id }] : [])),
      stores: stores.rows,
      retailUnits: retailUnits.rows,
      invoices: invoices.rows,
      fulfilmentOrders: fulfilmentOrders.rows,
      connections: connections.rows,
    };
  }

  /**
   * The levels among `levels` that any fulfilment order line refers to, whose allocated or pendingAllocation
   * differs from what the orders in the holding states hold (`allocatedStatuses`, `pendingStatuses`; an
   * order holding allocated holds its lines less what has shipped of them).
   */
  async heldQuantityMismatches(
    q: Queryable,
    levels: { organizationId: string; warehouseId: string; barcode: string }[],
    holding: { allocatedStatuses: string[]; pendingStatuses: string[] },
  ): Promise<HeldQuantityMismatch[]> {
    if (levels.length === 0) return [];
    const { rows } = await q.query<HeldQuantityMismatch>(
      `WITH wanted AS (
         SELECT DISTINCT * FROM unnest($1::uuid[], $2::text[], $3::text[]) AS w(organization_id, warehouse_id, barcode)
       ), held AS (
         SELECT w.organization_id, w.warehouse_id, w.barcode,
                coalesce(sum(fl.quantity) FILTER (WHERE fo.status = ANY($4::text[])), 0)::bigint AS held_allocated,
                coalesce(sum(fl.quantity) FILTER (WHERE fo.status = ANY($5::text[])), 0)::bigint AS held_pending
           FROM wanted w
           JOIN fulfilment_orders fo ON fo.organization_id = w.organization_id AND fo.warehouse_id = w.warehouse_id
           JOIN fulfilment_order_lines fl ON fl.fulfilment_order_id = fo.id AND fl.barcode = w.barcode
          GROUP BY 1, 2, 3
       ), shipped AS (
         -- What has shipped of an order holding allocated (a PARTIALLY_SHIPPED one) it no longer holds.
         SELECT w.organization_id, w.warehouse_id, w.barcode, sum(sl.quantity)::bigint AS quantity
           FROM wanted w
           JOIN fulfilment_orders fo ON fo.organization_id = w.organization_id AND fo.warehouse_id = w.warehouse_id AND fo.status = ANY($4::text[])
           JOIN shipments s ON s.fulfilment_order_id = fo.id
           JOIN shipment_lines sl ON sl.shipment_id = s.id AND sl.barcode = w.barcode
          GROUP BY 1, 2, 3
       ), net AS (
         SELECT h.organization_id, h.warehouse_id, h.barcode, h.held_allocated - coalesce(s.quantity, 0) AS held_allocated, h.held_pending
           FROM held h
           LEFT JOIN shipped s ON (s.organization_id, s.warehouse_id, s.barcode) = (h.organization_id, h.warehouse_id, h.barcode)
       )
       SELECT h.organization_id AS "organizationId", h.warehouse_id AS "warehouseId", h.barcode,
              coalesce(l.allocated, 0)::bigint AS allocated, coalesce(l.pending_allocation, 0)::bigint AS "pendingAllocation",
              h.held_allocated AS "heldAllocated", h.held_pending AS "heldPendingAllocation"
         FROM net h
         LEFT JOIN inventory_levels l ON (l.organization_id, l.warehouse_id, l.barcode) = (h.organization_id, h.warehouse_id, h.barcode)
        WHERE coalesce(l.allocated, 0) <> h.held_allocated OR coalesce(l.pending_allocation, 0) <> h.held_pending`,
      [levels.map((l) => l.organizationId), levels.map((l) => l.warehouseId), levels.map((l) => l.barcode), holding.allocatedStatuses, holding.pendingStatuses],
    );
    return rows;
  }

  async upsertWarehouses(q: Queryable, rows: Section<'warehouses'>): Promise<SectionCounts> {
    const { counts } = await bulkUpsert(
      q,
      {
        table: 'warehouses',
        key: ['id'],
        columns: [
          { name: 'id', type: 'text' },
          { name: 'name', type: 'text' },
        ],
        touch: 'updated_at = now()',
      },
      rows.map((w) => [w.id, w.name]),
    );
    return counts;
  }

  async upsertOrganizations(q: Queryable, rows: Section<'organizations'>): Promise<SectionCounts> {
    const { counts, changed } = await bulkUpsert<{ id: string; release_channel: string }>(
      q,
      {
        table: 'organizations',
        key: ['id'],
        columns: [
          { name: 'id', type: 'uuid' },
          { name: 'name', type: 'text' },
          { name: 'release_channel', type: 'text' },
          // The checks refuse a file that would change an organization's environment: written as it is.
          { name: 'environment', type: 'text' },
          { name: 'auto_advance', type: 'boolean' },
        ],
        touch: 'updated_at = now()',
        returning: ['id', 'release_channel'],
      },
      rows.map((o) => [o.id, o.name, o.releaseChannel ?? 'STABLE', o.sandbox ? 'SANDBOX' : 'LIVE', o.autoAdvance ?? false]),
    );
    // A sandbox's own warehouse comes with it (contract 6.10), before the stores that ship from it.
    const sandboxes = rows.filter((o) => o.sandbox);
    if (sandboxes.length > 0)
      await q.query(
        `INSERT INTO warehouses (id, name, sandbox_organization_id)
         SELECT 'sandbox-' || o.id::text, left('Sandbox warehouse of ' || o.name, 200), o.id FROM unnest($1::uuid[], $2::text[]) AS o(id, name)
         ON CONFLICT (id) DO NOTHING`,
        [sandboxes.map((o) => o.id), sandboxes.map((o) => o.name)],
      );
    await this.importEvents(
      q,
      changed.map((o) => ({
        organizationId: o.id,
        type: 'ReleaseChannelImported',
        aggregateType: 'Organization',
        aggregateId: o.id,
        payload: { releaseChannel: o.release_channel },
      })),
    );
    return counts;
  }

  async upsertUsers(q: Queryable, rows: Section<'users'>): Promise<SectionCounts> {
    const { counts } = await bulkUpsert(
      q,
      {
        table: 'users',
        key: ['id'],
        columns: [
          { name: 'id', type: 'text' },
          { name: 'email', type: 'text' },
        ],
        touch: 'updated_at = now()',
      },
      rows.map((u) => [u.id, u.email ?? null]),
    );
    const memberships = rows.flatMap((u) => u.memberships.map((m) => [u.id, m.organizationId, m.role]));
    const { counts: membershipCounts } = await bulkUpsert(
      q,
      {
        table: 'memberships',
        key: ['user_id', 'organization_id'],
        columns: [
          { name: 'user_id', type: 'text' },
          { name: 'organization_id', type: 'uuid' },
          { name: 'role', type: 'text' },
        ],
      },
      memberships,
    );
    // A user whose memberships changed counts as updated.
    if (membershipCounts.inserted + membershipCounts.updated > 0 && counts.unchanged > 0) {
      const moved = Math.min(counts.unchanged, membershipCounts.inserted + membershipCounts.updated);
      counts.unchanged -= moved;
      counts.updated += moved;
    }
    return counts;
  }

  async upsertStores(q: Queryable, rows: Section<'stores'>): Promise<SectionCounts> {
    const { counts } = await bulkUpsert(
      q,
      {
        table: 'stores',
        key: ['id'],
        columns: [
          { name: 'id', type: 'text' },
          { name: 'organization_id', type: 'uuid' },
          { name: 'name', type: 'text' },
          { name: 'warehouse_id', type: 'text' },
        ],
        touch: 'updated_at = now()',
      },
      rows.map((s) => [s.id, s.organizationId, s.name, s.warehouseId]),
    );
    return counts;
  }

  async upsertConnections(q: Queryable, rows: Section<'connections'>): Promise<SectionCounts> {
    const { counts } = await bulkUpsert(
      q,
      {
        table: 'connections',
        key: ['id'],
        columns: [
          { name: 'id', type: 'text' },
          { name: 'organization_id', type: 'uuid' },
          { name: 'store_id', type: 'text' },
        ],
        touch: 'updated_at = now()',
      },
      rows.map((c) => [c.id, c.organizationId, c.storeId]),
    );
    return counts;
  }

  async upsertRetailUnits(q: Queryable, rows: Section<'retailUnits'>): Promise<SectionCounts> {
    const { counts, changed } = await bulkUpsert<{ organization_id: string; barcode: string; archived: boolean }>(
      q,
      {
        table: 'retail_units',
        key: ['organization_id', 'barcode'],
        columns: [
          { name: 'organization_id', type: 'uuid' },
          { name: 'barcode', type: 'text' },
          { name: 'sku', type: 'text' },
          { name: 'name', type: 'text' },
          { name: 'weight_gram', type: 'bigint' },
          { name: 'archived_at', type: 'timestamptz' },
        ],
        // Re-importing an archived unit keeps the moment it was archived.
        updateExpressions: { archived_at: 'CASE WHEN EXCLUDED.archived_at IS NULL THEN NULL ELSE COALESCE(t.archived_at, EXCLUDED.archived_at) END' },
        compare: ['sku', 'name', 'weight_gram', ['t.archived_at IS NOT NULL', 'EXCLUDED.archived_at IS NOT NULL']],
        touch: 'updated_at = now()',
        returning: ['organization_id', 'barcode', 'archived_at IS NOT NULL AS archived'],
      },
      rows.map((r) => [r.organizationId, r.barcode, r.sku, r.name, r.weightGram ?? null, r.archived ? new Date() : null]),
    );
    await this.importEvents(
      q,
      changed.map((r) => ({
        organizationId: r.organization_id,
        type: 'RetailUnitImported',
        aggregateType: 'RetailUnit',
        aggregateId: r.barcode,
        barcode: r.barcode,
        payload: { archived: r.archived },
      })),
    );
    return counts;
  }

  async upsertInventory(q: Queryable, rows: Section<'inventory'>): Promise<SectionCounts> {
    const { counts, changed } = await bulkUpsert<{
      organization_id: string;
      warehouse_id: string;
      barcode: string;
      on_hand: number;
      allocated: number;
      pending_allocation: number;
    }>(
      q,
      {
        table: 'inventory_levels',
        key: ['organization_id', 'warehouse_id', 'barcode'],
        columns: [
          { name: 'organization_id', type: 'uuid' },
          { name: 'warehouse_id', type: 'text' },
          { name: 'barcode', type: 'text' },
          { name: 'on_hand', type: 'bigint' },
          { name: 'allocated', type: 'bigint' },
          { name: 'pending_allocation', type: 'bigint' },
        ],
        touch: 'updated_at = now()',
        returning: ['organization_id', 'warehouse_id', 'barcode', 'on_hand', 'allocated', 'pending_allocation'],
      },
      rows.map((i) => [i.organizationId, i.warehouseId, i.barcode, i.onHand, i.allocated ?? 0, i.pendingAllocation ?? 0]),
    );
    // The level is a projection of the event log: an import records the level it sets.
    await this.importEvents(
      q,
      changed.map((l) => ({
        organizationId: l.organization_id,
        type: 'InventoryLevelImported',
        aggregateType: 'InventoryLevel',
        aggregateId: `${l.warehouse_id}/${l.barcode}`,
        warehouseId: l.warehouse_id,
        barcode: l.barcode,
        payload: { set: { onHand: l.on_hand, allocated: l.allocated, pendingAllocation: l.pending_allocation } },
      })),
    );
    return counts;
  }

  async upsertInvoices(q: Queryable, rows: Section<'invoices'>): Promise<SectionCounts> {
    const { counts, changed } = await bulkUpsert<{ id: string }>(
      q,
      {
        table: 'invoices',
        key: ['id'],
        columns: [
          { name: 'id', type: 'text' },
          { name: 'organization_id', type: 'uuid' },
          { name: 'number', type: 'text' },
          { name: 'status', type: 'text' },
          { name: 'subtotal_amount', type: 'numeric' },
          { name: 'subtotal_currency', type: 'text' },
          { name: 'total_excluding_tax_amount', type: 'numeric' },
          { name: 'total_excluding_tax_currency', type: 'text' },
          { name: 'due_date', type: 'date' },
          { name: 'paid_at', type: 'date' },
          { name: 'pdf_url', type: 'text' },
        ],
        touch: 'updated_at = now()',
        returning: ['id'],
      },
      rows.map((i) => [
        i.id,
        i.organizationId,
        i.number,
        i.status,
        i.subtotal.amountInMinorUnit,
        i.subtotal.currency,
        i.totalExcludingTax.amountInMinorUnit,
        i.totalExcludingTax.currency,
        i.dueDate ?? null,
        i.paidAt ?? null,
        i.pdfUrl ?? null,
      ]),
    );
    // Line items are replaced as a whole when they differ from what is stored.
    const lineRows = rows.flatMap((i) =>
      i.lineItems.map((l, position) => [
        i.id,
        position,
        l.description,
        l.taxRate,
        l.quantity,
        l.unitAmountExcludingTax.amountInMinorUnit,
        l.unitAmountExcludingTax.currency,
      ]),
    );
    const { rows: differing } = await q.query<{ invoice_id: string }>(
      `WITH incoming AS (
         SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[], $7::text[])
           AS l(invoice_id, position, description, tax_rate, quantity, unit_amount_excluding_tax, unit_currency)
       ), diff AS (
         (SELECT * FROM incoming EXCEPT SELECT invoice_id::text, position, description, tax_rate, quantity, unit_amount_excluding_tax, unit_currency::text FROM invoice_line_items WHERE invoice_id = ANY($8::text[]))
         UNION ALL
         (SELECT invoice_id::text, position, description, tax_rate, quantity, unit_amount_excluding_tax, unit_currency::text FROM invoice_line_items WHERE invoice_id = ANY($8::text[]) EXCEPT SELECT * FROM incoming)
       )
       SELECT DISTINCT invoice_id FROM diff`,
      [...[0, 1, 2, 3, 4, 5, 6].map((c) => lineRows.map((r) => r[c])), rows.map((i) => i.id)],
    );
    const replace = differing.map((d) => d.invoice_id);
    if (replace.length > 0) {
      await q.query('DELETE FROM invoice_line_items WHERE invoice_id = ANY($1::text[])', [replace]);
      const inserted = lineRows.filter((r) => replace.includes(r[0] as string));
      await q.query(
        `INSERT INTO invoice_line_items (invoice_id, position, description, tax_rate, quantity, unit_amount_excluding_tax, unit_currency)
         SELECT * FROM unnest($1::text[], $2::int[], $3::text[], $4::numeric[], $5::numeric[], $6::numeric[], $7::text[])`,
        [0, 1, 2, 3, 4, 5, 6].map((c) => inserted.map((r) => r[c])),
      );
      const changedIds = new Set(changed.map((c) => c.id));
      const linesOnly = replace.filter((id) => !changedIds.has(id)).length;
      counts.unchanged -= linesOnly;
      counts.updated += linesOnly;
    }
    return counts;
  }

  async upsertFulfilmentOrders(q: Queryable, rows: Section<'fulfilmentOrders'>): Promise<SectionCounts> {
    const { counts, changed } = await bulkUpsert<{ id: string; organization_id: string; status: string; inserted: boolean }>(
      q,
      {
        table: 'fulfilment_orders',
        key: ['id'],
        columns: [
          { name: 'id', type: 'text' },
          { name: 'organization_id', type: 'uuid' },
          { name: 'warehouse_id', type: 'text' },
          { name: 'store_id', type: 'text' },
          { name: 'status', type: 'text' },
        ],
        touch: 'updated_at = now()',
        returning: ['id', 'organization_id', 'status'],
      },
      rows.map((f) => [f.id, f.organizationId, f.warehouseId, f.storeId ?? null, f.status]),
    );
    const lineRows = rows.flatMap((f) => f.lines.map((l, position) => [f.id, position, f.organizationId, l.barcode, l.quantity]));
    const { rows: differing } = await q.query<{ fulfilment_order_id: string }>(
      `WITH incoming AS (
         SELECT * FROM unnest($1::text[], $2::int[], $3::uuid[], $4::text[], $5::bigint[]) AS l(fulfilment_order_id, position, organization_id, barcode, quantity)
       ), stored AS (
         SELECT fulfilment_order_id::text, position, organization_id, barcode::text, quantity::bigint FROM fulfilment_order_lines WHERE fulfilment_order_id = ANY($6::text[])
       )
       SELECT DISTINCT fulfilment_order_id FROM ((SELECT * FROM incoming EXCEPT SELECT * FROM stored) UNION ALL (SELECT * FROM stored EXCEPT SELECT * FROM incoming)) d`,
      [...[0, 1, 2, 3, 4].map((c) => lineRows.map((r) => r[c])), rows.map((f) => f.id)],
    );
    const replace = differing.map((d) => d.fulfilment_order_id);
    if (replace.length > 0) {
      await q.query('DELETE FROM fulfilment_order_lines WHERE fulfilment_order_id = ANY($1::text[])', [replace]);
      const inserted = lineRows.filter((r) => replace.includes(r[0] as string));
      await q.query(
        `INSERT INTO fulfilment_order_lines (fulfilment_order_id, position, organization_id, barcode, quantity)
         SELECT * FROM unnest($1::text[], $2::int[], $3::uuid[], $4::text[], $5::bigint[])`,
        [0, 1, 2, 3, 4].map((c) => inserted.map((r) => r[c])),
      );
      const changedIds = new Set(changed.map((c) => c.id));
      const linesOnly = replace.filter((id) => !changedIds.has(id)).length;
      counts.unchanged -= linesOnly;
      counts.updated += linesOnly;
    }
    const byId = new Map(rows.map((f) => [f.id, f]));
    const touched = new Set([...changed.map((c) => c.id), ...replace]);
    await this.importEvents(
      q,
      [...touched].map((id) => {
        const f = byId.get(id) as (typeof rows)[number];
        return {
          organizationId: f.organizationId,
          type: 'FulfilmentOrderImported',
          aggregateType: 'FulfilmentOrder',
          aggregateId: id,
          payload: { status: f.status, warehouseId: f.warehouseId, lines: f.lines },
        };
      }),
    );
    return counts;
  }

  async upsertReleaseChannelFeatures(q: Queryable, rows: Section<'releaseChannelFeatures'>): Promise<SectionCounts> {
    const { counts } = await bulkUpsert(
      q,
      {
        table: 'release_channel_features',
        key: ['name'],
        columns: [
          { name: 'name', type: 'text' },
          { name: 'description', type: 'text' },
          { name: 'release_channel', type: 'text' },
        ],
        touch: 'updated_at = now()',
      },
      rows.map((f) => [f.name, f.description, f.releaseChannel]),
    );
    return counts;
  }

  private importEvents(q: Queryable, events: Omit<NewDomainEvent, 'initiator'>[]): Promise<void> {
    return this.events.append(
      q,
      events.map((e) => ({ ...e, initiator: 'import' })),
    );
  }
}
