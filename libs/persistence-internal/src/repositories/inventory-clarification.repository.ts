// SQL of inventory clarifications: who asked for which barcodes' levels to be rebuilt, and the outcome.
import { Injectable } from '@nestjs/common';
import { Queryable } from '@gateway/persistence';

export interface InventoryClarificationRow {
  id: string;
  organizationId: string;
  initiator: string;
  barcodes: string[];
  requestedAt: Date;
  completedAt: Date | null;
  result: unknown;
}

@Injectable()
export class InventoryClarificationRepository {
  async insert(tx: Queryable, clarification: { id: string; organizationId: string; initiator: string; barcodes: string[] }): Promise<void> {
    await tx.query('INSERT INTO inventory_clarifications (id, organization_id, initiator, barcodes) VALUES ($1, $2, $3, $4::text[])', [
      clarification.id,
      clarification.organizationId,
      clarification.initiator,
      clarification.barcodes,
    ]);
  }

  /** The clarification, locked: a job that runs twice (a retry after a crash) runs one after the other. */
  async findForUpdate(tx: Queryable, id: string): Promise<InventoryClarificationRow | undefined> {
    const { rows } = await tx.query<{
      id: string;
      organization_id: string;
      initiator: string;
      barcodes: string[];
      requested_at: Date;
      completed_at: Date | null;
      result: unknown;
    }>('SELECT id, organization_id, initiator, barcodes, requested_at, completed_at, result FROM inventory_clarifications WHERE id = $1 FOR UPDATE', [id]);
    const r = rows[0];
    return (
      r && {
        id: r.id,
        organizationId: r.organization_id,
        initiator: r.initiator,
        barcodes: r.barcodes,
        requestedAt: r.requested_at,
        completedAt: r.completed_at,
        result: r.result,
      }
    );
  }

  async complete(tx: Queryable, id: string, result: unknown): Promise<void> {
    await tx.query('UPDATE inventory_clarifications SET completed_at = now(), result = $2 WHERE id = $1', [id, JSON.stringify(result)]);
  }
}
