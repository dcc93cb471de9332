// SQL of organizations: the record, their release channel's features and their inventory-sync settings.
import { Injectable } from '@nestjs/common';
import { Queryable } from './database';
import { ReleaseChannel } from './fixture.types';

export interface OrganizationRow {
  id: string;
  name: string;
  releaseChannel: ReleaseChannel;
}

export interface FeatureRow {
  name: string;
  description: string;
  releaseChannel: ReleaseChannel;
}

@Injectable()
export class OrganizationRepository {
  async find(q: Queryable, organizationId: string): Promise<OrganizationRow | undefined> {
    const { rows } = await q.query<{ id: string; name: string; release_channel: ReleaseChannel }>('SELECT id, name, release_channel FROM organizations WHERE id = $1', [organizationId]);
    return rows[0] && { id: rows[0].id, name: rows[0].name, releaseChannel: rows[0].release_channel };
  }

  async list(q: Queryable, ids: string[] | 'ALL'): Promise<{ id: string; name: string }[]> {
    const { rows } =
      ids === 'ALL'
        ? await q.query<{ id: string; name: string }>('SELECT id, name FROM organizations ORDER BY name, id')
        : await q.query<{ id: string; name: string }>('SELECT id, name FROM organizations WHERE id = ANY($1::uuid[]) ORDER BY name, id', [ids]);
    return rows;
  }

  async features(q: Queryable, channels: ReleaseChannel[]): Promise<FeatureRow[]> {
    const { rows } = await q.query<{ name: string; description: string; release_channel: ReleaseChannel }>(
      'SELECT name, description, release_channel FROM release_channel_features WHERE release_channel = ANY($1::text[]) ORDER BY name',
      [channels],
    );
    return rows.map((r) => ({ name: r.name, description: r.description, releaseChannel: r.release_channel }));
  }

  async inventorySync(q: Queryable, organizationId: string): Promise<{ mode: 'DEFAULT' | 'BARCODE_OVERRIDES'; overriddenBarcodes: string[] }> {
    const { rows } = await q.query<{ mode: 'DEFAULT' | 'BARCODE_OVERRIDES' | null; barcodes: string[] }>(
      `SELECT (SELECT mode FROM inventory_sync_settings WHERE organization_id = $1) AS mode,
              COALESCE((SELECT array_agg(barcode::text ORDER BY barcode) FROM inventory_sync_overrides WHERE organization_id = $1), '{}') AS barcodes`,
      [organizationId],
    );
    return { mode: rows[0].mode ?? 'DEFAULT', overriddenBarcodes: rows[0].barcodes };
  }
}
