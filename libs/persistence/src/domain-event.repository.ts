// The domain event log: append-only, written in the transaction of the change it records.
import { Injectable } from '@nestjs/common';
import { Queryable } from './database';

export interface NewDomainEvent {
  organizationId: string;
  type: string;
  aggregateType: string;
  aggregateId: string;
  warehouseId?: string | null;
  barcode?: string | null;
  payload: unknown;
  initiator?: string | null;
}

const CHUNK = 5000;

@Injectable()
export class DomainEventRepository {
  async append(q: Queryable, events: NewDomainEvent[]): Promise<void> {
    for (let start = 0; start < events.length; start += CHUNK) {
      const chunk = events.slice(start, start + CHUNK);
      await q.query(
        `INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)
         SELECT gen_random_uuid(), e.organization_id, e.type, e.aggregate_type, e.aggregate_id, e.warehouse_id, e.barcode, e.payload, e.initiator
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[], $8::text[])
           AS e(organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)`,
        [
          chunk.map((e) => e.organizationId),
          chunk.map((e) => e.type),
          chunk.map((e) => e.aggregateType),
          chunk.map((e) => e.aggregateId),
          chunk.map((e) => e.warehouseId ?? null),
          chunk.map((e) => e.barcode ?? null),
          chunk.map((e) => JSON.stringify(e.payload)),
          chunk.map((e) => e.initiator ?? null),
        ],
      );
    }
  }
}
