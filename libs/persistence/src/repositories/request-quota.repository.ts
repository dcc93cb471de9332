// SQL of the request quotas: leases of units of many clients' counters in one statement
// (lease_request_quota, migration 12).
import { Injectable } from '@nestjs/common';
import { Queryable } from '../database';

export interface QuotaLeaseRow {
  key: string;
  /** Units granted to the caller (0: the window's quota is used up). */
  granted: number;
  /** Units of the window taken after this grant, by every replica. */
  used: number;
  /** The window's end in the database's clock (epoch ms): it names the window. */
  windowEnd: number;
  /** Milliseconds left in the window when the units were granted. */
  msLeft: number;
}

@Injectable()
export class RequestQuotaRepository {
  /** For each key, up to `wants[i]` units of its window, never past `limit`; one row per key, in key order. */
  async lease(q: Queryable, keys: string[], wants: number[], limit: number, windowMs: number): Promise<QuotaLeaseRow[]> {
    const { rows } = await q.query<{ quota_key: string; granted: number; used: number; window_end: number; ms_left: number }>({
      name: 'lease-request-quota',
      text: 'SELECT quota_key, granted, used, window_end, ms_left FROM lease_request_quota($1::varchar[], $2::integer[], $3, $4)',
      values: [keys, wants, limit, windowMs],
    });
    return rows.map((r) => ({ key: r.quota_key, granted: r.granted, used: r.used, windowEnd: r.window_end, msLeft: r.ms_left }));
  }
}
