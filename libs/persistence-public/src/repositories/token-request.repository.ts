// SQL of one token request in one round trip: the client, the failure counters of the caller's address
// (which decide how a wrong secret is answered), and, when the client authenticates with a valid grant, one
// more token counted on its minting counter. The counters are the rows rate-limiter-flexible keeps in `rate_limits`
// (key `<prefix>:<key>`, `points`, `expire` in epoch milliseconds), read and counted as it does.
import { Injectable } from '@nestjs/common';
import { ApiClientRow, CLIENT_COLUMNS, ClientColumns, Queryable, toClient } from '@gateway/persistence';

export interface TokenRequestQuery {
  clientId: string;
  /** The two failure counters of the caller: for this client id from this address, and for this address. */
  failureKeys: [clientAndAddress: string, address: string];
  /** Counted only when the client exists, is not revoked, holds this secret digest and this method, and `count` is true. */
  mint: { key: string; windowMs: number; secretHash: string; authMethod: string; count: boolean };
  now: number;
}

export interface CounterState {
  /** Points consumed in the current window (0 when none). */
  points: number;
  /** When the window ends, epoch milliseconds; null when no window is open. */
  expire: number | null;
}

export interface TokenRequestRead {
  client: ApiClientRow | undefined;
  failures: [clientAndAddress: CounterState, address: CounterState];
  /** The minting counter after this request was counted; undefined when it was not counted. */
  minted: CounterState | undefined;
}

interface Row extends Partial<ClientColumns> {
  failed_client_address: number;
  failed_client_address_expire: number | null;
  failed_address: number;
  failed_address_expire: number | null;
  minted: number | null;
  minted_expire: number | null;
}

// rate_limits.expire is bigint: parsed to a number (milliseconds fit exactly). A window that has ended
// counts as none, as rate-limiter-flexible's get does; its upsert restarts an ended window at 1.
const STATEMENT = `
WITH failures AS (
  SELECT COALESCE(MAX(points) FILTER (WHERE key = $2), 0) AS failed_client_address,
         MAX(expire) FILTER (WHERE key = $2) AS failed_client_address_expire,
         COALESCE(MAX(points) FILTER (WHERE key = $3), 0) AS failed_address,
         MAX(expire) FILTER (WHERE key = $3) AS failed_address_expire
    FROM rate_limits WHERE key IN ($2, $3) AND (expire > $4 OR expire IS NULL)
), client AS (
  SELECT ${CLIENT_COLUMNS} FROM api_clients c WHERE c.client_id = $1
), minted AS (
  INSERT INTO rate_limits (key, points, expire)
  SELECT $5, 1, $4::bigint + $6 FROM client
   WHERE $7 AND client.revoked_at IS NULL AND client.secret_hash = $8 AND client.auth_method = $9
  ON CONFLICT (key) DO UPDATE SET
    points = CASE WHEN rate_limits.expire <= $4 THEN 1 ELSE rate_limits.points + 1 END,
    expire = CASE WHEN rate_limits.expire <= $4 THEN EXCLUDED.expire ELSE rate_limits.expire END
  RETURNING points, expire
)
SELECT client.*, failures.*, minted.points AS minted, minted.expire AS minted_expire
  FROM failures LEFT JOIN client ON true LEFT JOIN minted ON true`;

@Injectable()
export class TokenRequestRepository {
  async read(q: Queryable, query: TokenRequestQuery): Promise<TokenRequestRead> {
    const { rows } = await q.query<Row>({
      name: 'token-request',
      text: STATEMENT,
      values: [
        query.clientId,
        query.failureKeys[0],
        query.failureKeys[1],
        query.now,
        query.mint.key,
        query.mint.windowMs,
        query.mint.count,
        query.mint.secretHash,
        query.mint.authMethod,
      ],
    });
    const row = rows[0];
    return {
      client: row.client_id === null || row.client_id === undefined ? undefined : toClient(row as ClientColumns),
      failures: [
        { points: row.failed_client_address, expire: row.failed_client_address_expire },
        { points: row.failed_address, expire: row.failed_address_expire },
      ],
      minted: row.minted === null ? undefined : { points: row.minted, expire: row.minted_expire },
    };
  }

  /**
   * Takes up to `want` points of the counter `key` (a fixed window of `windowMs`, restarted when it has
   * ended) without passing `limit`, in one statement: a replica's lease of minting points (0 granted: the
   * limit is reached until `expire`).
   */
  async leasePoints(
    q: Queryable,
    lease: { key: string; want: number; limit: number; windowMs: number; now: number },
  ): Promise<CounterState & { granted: number; expire: number }> {
    const { rows } = await q.query<{ granted: number; points: number; expire: number }>({
      name: 'lease-rate-limit-points',
      text: 'SELECT granted, points, expire FROM lease_rate_limit_points($1, $2, $3, $4, $5)',
      values: [lease.key, lease.want, lease.limit, lease.now, lease.windowMs],
    });
    return rows[0];
  }
}
