// The organization's inbound shipments are listed newest first, as its returns and a store's sales orders are
// (keyset on created_at, id): the index walked in that order replaces the one by update time.
export const name = 'inbound-shipments-newest-index';

export const sql = /* sql */ `
DROP INDEX inbound_shipments_organization_updated_idx;
CREATE INDEX inbound_shipments_organization_newest_idx ON inbound_shipments (organization_id, created_at DESC, id DESC);
`;
