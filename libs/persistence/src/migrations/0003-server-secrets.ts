// Secrets the services keep for themselves and share across replicas, such as the key that seals the
// cursors of the events-by-barcode query. A row is created on first use, from Node's CSPRNG.
export const name = 'server-secrets';

export const sql = /* sql */ `
CREATE TABLE server_secrets (
  name text PRIMARY KEY CHECK (char_length(name) BETWEEN 1 AND 100),
  secret bytea NOT NULL CHECK (octet_length(secret) = 32),
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
