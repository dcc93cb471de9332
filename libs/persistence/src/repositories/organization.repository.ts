// SQL of organizations: the record and the list (release channels and inventory sync have their own repositories).
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';
import { ReleaseChannel } from './release-channel.repository';

export interface OrganizationRow {
  id: string;
  name: string;
  releaseChannel: ReleaseChannel;
}

@Injectable()
export class OrganizationRepository {
  async find(q: Queryable, organizationId: string): Promise<OrganizationRow | undefined> {
    const { rows } = await q.query<{ id: string; name: string; release_channel: ReleaseChannel }>(
      'SELECT id, name, release_channel FROM organizations WHERE id = $1',
      [organizationId],
    );
    return rows[0] && { id: rows[0].id, name: rows[0].name, releaseChannel: rows[0].release_channel };
  }

  async list(q: Queryable, ids: string[] | 'ALL'): Promise<{ id: string; name: string }[]> {
    const { rows } =
      ids === 'ALL'
        ? await q.query<{ id: string; name: string }>('SELECT id, name FROM organizations ORDER BY name, id')
        : await q.query<{ id: string; name: string }>('SELECT id, name FROM organizations WHERE id = ANY($1::uuid[]) ORDER BY name, id', [ids]);
    return rows;
  }
}
