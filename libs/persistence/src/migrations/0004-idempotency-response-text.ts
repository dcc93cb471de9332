// A replay answers the first response byte for byte (contract section 4): the stored body becomes
// json, which keeps the text as written, where jsonb reordered its keys. Rows stored before keep the
// order jsonb gave them.
export const name = 'idempotency-response-text';

export const sql = /* sql */ `
ALTER TABLE idempotency_records ALTER COLUMN response_body TYPE json USING response_body::json;
`;
