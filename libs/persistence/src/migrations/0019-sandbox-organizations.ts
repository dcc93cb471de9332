// Sandbox organizations (contract 6.10): an organization is LIVE or SANDBOX. A sandbox ships from a warehouse
// of its own (`sandbox-` and its id), which names the organization it belongs to; no live organization's
// store or stock may use such a warehouse, and a sandbox uses no other. auto_advance moves a sandbox's
// orders, inbound shipments and returns on by themselves; a live organization never has it.
export const name = 'sandbox-organizations';

export const sql = /* sql */ `
ALTER TABLE organizations
  ADD COLUMN environment text NOT NULL DEFAULT 'LIVE' CHECK (environment IN ('LIVE', 'SANDBOX')),
  ADD COLUMN auto_advance boolean NOT NULL DEFAULT false,
  ADD CONSTRAINT organizations_auto_advance_sandbox_only CHECK (NOT auto_advance OR environment = 'SANDBOX');

ALTER TABLE warehouses
  ADD COLUMN sandbox_organization_id uuid UNIQUE REFERENCES organizations (id),
  ADD CONSTRAINT warehouses_sandbox_id CHECK (sandbox_organization_id IS NULL OR id = 'sandbox-' || sandbox_organization_id::text);
`;
