// SQL of release channels: an organization's assignment and the feature flags per channel.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

/** An organization's release channel (the import file's `releaseChannel`). */
export type ReleaseChannel = 'STABLE' | 'BETA' | 'ALPHA';

export interface FeatureRow {
  name: string;
  description: string;
  releaseChannel: ReleaseChannel;
}

@Injectable()
export class ReleaseChannelRepository {
  /**
   * Sets the organization's channel and answers the one it had, or undefined when the organization does
   * not exist. The row lock serializes concurrent assignments, so `previous` is always the value replaced.
   */
  async assign(tx: Queryable, organizationId: string, channel: ReleaseChannel): Promise<{ previous: ReleaseChannel } | undefined> {
    const { rows } = await tx.query<{ previous: ReleaseChannel }>(
      `UPDATE organizations o
          SET release_channel = $2::text, updated_at = CASE WHEN old.release_channel = $2::text THEN o.updated_at ELSE now() END
         FROM (SELECT id, release_channel FROM organizations WHERE id = $1 FOR NO KEY UPDATE) old
        WHERE o.id = old.id
      RETURNING old.release_channel AS previous`,
      [organizationId, channel],
    );
    return rows[0];
  }

  /** The features of the given channels (all when omitted): most stable channel first, then by name, bytewise. */
  async features(q: Queryable, channels?: ReleaseChannel[]): Promise<FeatureRow[]> {
    const { rows } = await q.query<{ name: string; description: string; release_channel: ReleaseChannel }>(
      `SELECT name, description, release_channel FROM release_channel_features
        WHERE $1::text[] IS NULL OR release_channel = ANY($1::text[])
        ORDER BY array_position(ARRAY['STABLE', 'BETA', 'ALPHA'], release_channel::text), name COLLATE "C"`,
      [channels ?? null],
    );
    return rows.map((r) => ({ name: r.name, description: r.description, releaseChannel: r.release_channel }));
  }
}
