// Secrets a service keeps in the database so that every replica uses the same one.
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

@Injectable()
export class ServerSecretRepository {
  /** The secret called `name`; `candidate` becomes it when there is none yet (the first writer wins). */
  async getOrCreate(q: Queryable, name: string, candidate: Buffer): Promise<Buffer> {
    await q.query('INSERT INTO server_secrets (name, secret) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, candidate]);
    // A separate statement: under READ COMMITTED it sees a row a concurrent first writer committed.
    const { rows } = await q.query<{ secret: Buffer }>('SELECT secret FROM server_secrets WHERE name = $1', [name]);
    return rows[0].secret;
  }
}
