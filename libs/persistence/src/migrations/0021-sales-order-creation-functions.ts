// Sales-order creation's two round trips as two functions: what the request reads (the organization and store
// the access policy decides on, the retail units its lines name, the answer stored for its Idempotency-Key) and
// the one statement that writes everything an order is. The statements are the same as when the gateway sent
// them itself; in a PL/pgSQL function each session parses and plans them once and keeps the plans (an unnamed
// statement is parsed, analysed and planned at every call; what that cost: docs/decisions/sales-orders.md), and
// a function call is one unnamed statement, so it passes PgBouncer in transaction mode.
// Of the write (every write gated on `go`):
// - `go` has one row when the key's transaction-scoped lock is free (a request with the key in flight holds it:
//   409), no answer is stored for the key, and each barcode is still a live retail unit (held FOR KEY SHARE until
//   the end). The idempotency record is inserted ON CONFLICT DO NOTHING and, for a keyed request, `go` is that
//   insert's row: a request with the key that committed after this statement's snapshot leaves no row, and so
//   no order.
// - The levels are upserted in barcode order, the ledger's lock order. Postgres runs the writes no query reads
//   last-declared first, so `lv`, declared first, runs after every insert: a popular barcode's row is locked for
//   the statement's end (its foreign-key checks and the fan-out trigger) and the commit only.
// - The answer's text has "createdAt":"" (and "placedAt":"" when not sent) at its top level: the creation time is
//   written there, so that the stored answer and the one sent are the same text.
// The functions' result columns have names no statement in them uses, so PL/pgSQL never takes a column for one.
// Their parameters are text, never a domain of the schema with COLLATE "C" (entity_id, barcode): every text
// parameter of a PL/pgSQL function takes the call's collation, which one such argument makes "C", and a text
// column compared with a parameter in another collation cannot use its index (the idempotency record's key
// would be found by a sequential scan).
export const name = 'sales-order-creation-functions';

export const sql = /* sql */ `
CREATE FUNCTION sales_order_creation_read(p_organization_id uuid, p_store_id text, p_barcodes text[], p_skus text[],
  p_client_id text, p_key text)
RETURNS TABLE (read_access json, read_units json, read_earlier json)
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT
    (SELECT json_build_object('warehouseId', s.warehouse_id, 'environment', lower(o.environment))
       FROM organizations o LEFT JOIN stores s ON s.organization_id = o.id AND s.id = p_store_id WHERE o.id = p_organization_id),
    (SELECT coalesce(json_agg(json_build_object('barcode', u.barcode, 'sku', u.sku, 'archived', u.archived_at IS NOT NULL)), '[]'::json)
       FROM retail_units u WHERE u.organization_id = p_organization_id AND (u.barcode = ANY(p_barcodes) OR u.sku = ANY(p_skus))),
    (SELECT json_build_object('requestFingerprint', r.request_fingerprint, 'responseText', r.response_body::text) FROM idempotency_records r
      WHERE r.client_id = p_client_id AND r.idempotency_key = p_key AND r.state = 'COMPLETED');
END $$;

CREATE FUNCTION sales_order_creation_write(p_key text, p_lock_key bigint, p_client_id text, p_organization_id uuid,
  p_warehouse_id text, p_sales_order_id uuid, p_store_id text, p_order_reference text, p_placed_at timestamptz,
  p_order jsonb, p_answer_template text, p_request_fingerprint text, p_line_barcodes text[], p_line_skus text[],
  p_line_quantities bigint[], p_barcodes text[], p_fulfilment_order_id text, p_quantities bigint[], p_events jsonb,
  p_line_attributes jsonb[], p_response_status integer)
RETURNS TABLE (written_locked boolean, written_units integer, written_body text)
LANGUAGE plpgsql AS $$
BEGIN
  RETURN QUERY WITH lock AS (
    SELECT CASE WHEN p_key IS NULL THEN true ELSE pg_try_advisory_xact_lock(p_lock_key) END AS locked
  ),
  units AS (
    SELECT count(*) AS n FROM (SELECT 1 FROM retail_units WHERE organization_id = p_organization_id AND barcode = ANY(p_barcodes) AND archived_at IS NULL FOR KEY SHARE) u
  ),
  gate AS (
    SELECT now() AS created_at FROM lock, units
     WHERE lock.locked AND units.n = cardinality(p_barcodes)
       AND NOT EXISTS (SELECT 1 FROM idempotency_records WHERE client_id = p_client_id AND idempotency_key = p_key)
  ),
  stamp AS (SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at FROM gate),
  answer AS (
    SELECT regexp_replace(regexp_replace(p_answer_template, '"placedAt":""', '"placedAt":"' || s.at || '"'), '"createdAt":""', '"createdAt":"' || s.at || '"') AS body
      FROM stamp s
  ),
  idem AS (
    INSERT INTO idempotency_records (client_id, idempotency_key, request_fingerprint, state, response_status, response_body, completed_at)
    SELECT p_client_id, p_key, p_request_fingerprint, 'COMPLETED', p_response_status, a.body::json, now() FROM answer a WHERE p_key IS NOT NULL
    ON CONFLICT (client_id, idempotency_key) DO NOTHING
    RETURNING response_body::text AS body
  ),
  go AS (SELECT a.body FROM answer a WHERE p_key IS NULL UNION ALL SELECT idem.body FROM idem),
  lv AS (
    INSERT INTO inventory_levels AS l (organization_id, warehouse_id, barcode, pending_allocation)
    SELECT p_organization_id, p_warehouse_id, k.barcode, k.quantity FROM go, unnest(p_barcodes, p_quantities) AS k(barcode, quantity) ORDER BY k.barcode
    ON CONFLICT (organization_id, warehouse_id, barcode) DO UPDATE SET
      pending_allocation = l.pending_allocation + EXCLUDED.pending_allocation, updated_at = now()
  ),
  so AS (
    INSERT INTO sales_orders (id, organization_id, store_id, order_reference, status, placed_at, note, customer, created_by_client_id, shipping_address)
    SELECT p_sales_order_id, p_organization_id, p_store_id, p_order_reference, 'RECEIVED', COALESCE(p_placed_at, now()), p_order->>'note',
      p_order->'customer', p_client_id, p_order->'shippingAddress' FROM go
  ),
  sol AS (
    INSERT INTO sales_order_lines (sales_order_id, position, barcode, sku, quantity, attributes)
    SELECT p_sales_order_id, l.position - 1, l.barcode, l.sku, l.quantity, l.attributes
      FROM go, unnest(p_line_barcodes, p_line_skus, p_line_quantities, p_line_attributes) WITH ORDINALITY AS l(barcode, sku, quantity, attributes, position)
  ),
  fo AS (
    INSERT INTO fulfilment_orders (id, organization_id, warehouse_id, store_id, sales_order_id, status)
    SELECT p_fulfilment_order_id, p_organization_id, p_warehouse_id, p_store_id, p_sales_order_id, 'OPEN' FROM go
  ),
  fol AS (
    INSERT INTO fulfilment_order_lines (fulfilment_order_id, position, organization_id, barcode, quantity)
    SELECT p_fulfilment_order_id, l.position - 1, p_organization_id, l.barcode, l.quantity
      FROM go, unnest(p_barcodes, p_quantities) WITH ORDINALITY AS l(barcode, quantity, position)
  ),
  ev AS (
    INSERT INTO domain_events (id, organization_id, type, aggregate_type, aggregate_id, warehouse_id, barcode, payload, initiator)
    SELECT gen_random_uuid(), p_organization_id, e->>'type', e->>'aggregateType', e->>'aggregateId', e->>'warehouseId', e->>'barcode', e->'payload', p_client_id
      FROM go, jsonb_array_elements(p_events) WITH ORDINALITY AS x(e, n) ORDER BY x.n
  )
  SELECT (SELECT lock.locked FROM lock), (SELECT units.n FROM units)::int, (SELECT go.body FROM go);
END $$;
`;
