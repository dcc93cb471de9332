// Whether a token's client has been revoked: read from Postgres, remembered for 30 seconds, so that a
// revocation stops issued tokens within the contract's 60 seconds without a query per request.
import { Injectable } from '@nestjs/common';
import { ApiClientRepository, Database } from '@gateway/persistence';

const TTL_MS = 30_000;
const MAX_ENTRIES = 10_000;

@Injectable()
export class RevocationCheck {
  private readonly cache = new Map<string, { revoked: boolean; at: number }>();

  constructor(
    private readonly db: Database,
    private readonly clients: ApiClientRepository,
  ) {}

  async isRevoked(clientId: string): Promise<boolean> {
    const hit = this.cache.get(clientId);
    if (hit && Date.now() - hit.at < TTL_MS) return hit.revoked;
    const revoked = await this.clients.isRevoked(this.db, clientId);
    if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
    this.cache.set(clientId, { revoked, at: Date.now() });
    return revoked;
  }
}
