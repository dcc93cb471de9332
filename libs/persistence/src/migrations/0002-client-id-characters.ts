// Client ids registered elsewhere may hold any printable ASCII (":" "%" "+" and spaces included);
// the token endpoint form-decodes them, so the schema need not restrict them further.
export const name = 'client-id-characters';

export const sql = /* sql */ `
ALTER TABLE api_clients DROP CONSTRAINT api_clients_client_id_check;
ALTER TABLE api_clients ADD CONSTRAINT api_clients_client_id_check CHECK (client_id ~ '^[\\x20-\\x7E]{1,128}$');
`;
