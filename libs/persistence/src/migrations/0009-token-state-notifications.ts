// The token endpoint's view of its tables in each replica: every change to a client (its row or
// its connections) and every failure counter written is announced on the `token_state` channel after
// commit, so that a replica holding clients and failure counters in memory drops or updates them at once;
// and minting points are leased from a client's counter in batches, never past its limit.
export const name = 'token-state-notifications';

export const sql = /* sql */ `
CREATE FUNCTION notify_token_state() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'rate_limits' THEN
    PERFORM pg_notify('token_state', 'failure ' || NEW.points || ' ' || COALESCE(NEW.expire::text, '-') || ' ' || NEW.key);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('token_state', 'client ' || OLD.client_id);
  ELSE
    PERFORM pg_notify('token_state', 'client ' || NEW.client_id);
  END IF;
  RETURN NULL;
END $$;

-- A client just inserted is in no replica's view: only its changes are announced (its connections' always).
CREATE TRIGGER api_clients_token_state AFTER UPDATE OR DELETE ON api_clients
  FOR EACH ROW EXECUTE FUNCTION notify_token_state();
CREATE TRIGGER api_client_connections_token_state AFTER INSERT OR UPDATE OR DELETE ON api_client_connections
  FOR EACH ROW EXECUTE FUNCTION notify_token_state();
-- Only the token endpoint's failure counters (rate-limiter-flexible's keys 'auth-fail-...:<key>').
CREATE TRIGGER rate_limits_failure_state AFTER INSERT OR UPDATE ON rate_limits
  FOR EACH ROW WHEN (NEW.key LIKE 'auth-fail-%') EXECUTE FUNCTION notify_token_state();

-- Takes up to p_want points of a fixed-window counter (rate-limiter-flexible's row: a window that has
-- ended restarts at 0) without passing p_limit: how many were granted, and the counter after.
CREATE FUNCTION lease_rate_limit_points(p_key varchar, p_want integer, p_limit integer, p_now bigint, p_window_ms bigint,
                                        OUT granted integer, OUT points integer, OUT expire bigint)
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rate_limits (key, points, expire) VALUES (p_key, 0, p_now + p_window_ms) ON CONFLICT (key) DO NOTHING;
  SELECT r.points, r.expire INTO points, expire FROM rate_limits r WHERE r.key = p_key FOR UPDATE;
  IF expire IS NULL OR expire <= p_now THEN
    points := 0;
    expire := p_now + p_window_ms;
  END IF;
  granted := GREATEST(LEAST(p_want, p_limit - points), 0);
  points := points + granted;
  UPDATE rate_limits r SET points = lease_rate_limit_points.points, expire = lease_rate_limit_points.expire WHERE r.key = p_key;
END $$;
`;
