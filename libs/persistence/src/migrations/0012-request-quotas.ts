// Request quotas (contract section 7): every request with a bearer token counts against its client's
// quota, a fixed window in `rate_limits` (key `request-quota:<client id>`) shared by every replica of both
// gateways. A replica leases units of it in batches, many clients in one statement, and spends them
// without a round trip; the function never grants past the limit. The window is timed by the database's
// clock, so replicas whose clocks differ still agree on when it ends.
export const name = 'request-quotas';

export const sql = /* sql */ `
-- For each key (with the units wanted at the same position), up to that many units of its window, never
-- past p_limit; a window that has ended restarts at 0. Answers, per key: the units granted, the units of
-- the window taken after the grant (by every replica), the window's end (epoch ms, which names it) and the
-- milliseconds left in it. Keys are locked in their sorted order, so that two batches never deadlock.
CREATE FUNCTION lease_request_quota(p_keys varchar[], p_wants integer[], p_limit integer, p_window_ms integer)
RETURNS TABLE (quota_key varchar, granted integer, used integer, window_end bigint, ms_left integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_now bigint := floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint;
  v_want integer;
  v_points integer;
  v_expire bigint;
BEGIN
  FOR quota_key, v_want IN SELECT k, w FROM unnest(p_keys, p_wants) AS t(k, w) ORDER BY k LOOP
    INSERT INTO rate_limits AS r (key, points, expire) VALUES (quota_key, 0, v_now + p_window_ms) ON CONFLICT (key) DO NOTHING;
    SELECT r.points, r.expire INTO v_points, v_expire FROM rate_limits r WHERE r.key = quota_key FOR UPDATE;
    IF v_expire IS NULL OR v_expire <= v_now THEN
      v_points := 0;
      v_expire := v_now + p_window_ms;
    END IF;
    granted := GREATEST(LEAST(v_want, p_limit - v_points), 0);
    used := v_points + granted;
    window_end := v_expire;
    ms_left := v_expire - v_now;
    UPDATE rate_limits r SET points = used, expire = v_expire WHERE r.key = quota_key;
    RETURN NEXT;
  END LOOP;
END $$;
`;
