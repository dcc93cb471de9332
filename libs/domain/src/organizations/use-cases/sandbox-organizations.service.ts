// Sandbox organizations made by the operator (contract 6.10): `admin organizations:create --sandbox` makes one ready
// to order (its own warehouse, a store on it, a few retail units with stock received through the ledger, so
// the levels stay a projection of the event log), and `organizations:update --auto-advance` switches auto-advance.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Database, OrganizationRepository, OrganizationRow } from '@gateway/persistence';
import { InventoryLedger } from '../../inventory';

/** The retail units a new sandbox starts with, and the stock of each at its warehouse. */
export const SANDBOX_STARTER_UNITS = [
  { barcode: 'SBX-0001', sku: 'SANDBOX-TSHIRT-M', name: 'Sandbox T-shirt, size M', weightGram: 200, onHand: 100 },
  { barcode: 'SBX-0002', sku: 'SANDBOX-MUG', name: 'Sandbox mug', weightGram: 350, onHand: 50 },
  { barcode: 'SBX-0003', sku: 'SANDBOX-POSTER', name: 'Sandbox poster', weightGram: 100, onHand: 25 },
] as const;

export interface SandboxOrganizationView {
  id: string;
  name: string;
  environment: 'sandbox' | 'live';
  autoAdvance: boolean;
}

export interface CreatedSandbox {
  organization: SandboxOrganizationView;
  store: { id: string; name: string; warehouseId: string };
  retailUnits: { barcode: string; sku: string; name: string; weightGram: number; onHand: number }[];
}

/** Why auto-advance was not set: no such organization, or a live one. */
export class SandboxOnlyError extends Error {
  constructor(
    message: string,
    readonly reason: 'NOT_FOUND' | 'LIVE',
  ) {
    super(message);
  }
}

const view = (o: OrganizationRow): SandboxOrganizationView => ({ id: o.id, name: o.name, environment: o.environment, autoAdvance: o.autoAdvance });

@Injectable()
export class SandboxOrganizationsService {
  constructor(
    private readonly db: Database,
    private readonly organizations: OrganizationRepository,
    private readonly ledger: InventoryLedger,
  ) {}

  /** A sandbox organization ready to order, in one transaction. */
  async create(name: string): Promise<CreatedSandbox> {
    const id = randomUUID();
    return this.db.transaction(async (tx) => {
      const { warehouseId } = await this.organizations.createSandbox(tx, { id, name });
      const store = { id: `sandbox-store-${id}`, name: 'Sandbox store', warehouseId };
      await this.organizations.addStarterCatalogue(tx, id, store, SANDBOX_STARTER_UNITS);
      await this.ledger.apply(
        tx,
        SANDBOX_STARTER_UNITS.map((unit) => ({
          organizationId: id,
          warehouseId,
          barcode: unit.barcode,
          delta: { onHand: unit.onHand },
          type: 'StockReceived',
          aggregateType: 'InventoryLevel',
          aggregateId: `${warehouseId}/${unit.barcode}`,
          initiator: 'admin-cli',
        })),
      );
      const organization = (await this.organizations.find(tx, id)) as OrganizationRow;
      return { organization: view(organization), store, retailUnits: SANDBOX_STARTER_UNITS.map((u) => ({ ...u })) };
    });
  }

  /** Switches a sandbox's auto-advance; a live organization or an unknown id is refused. */
  async setAutoAdvance(organizationId: string, autoAdvance: boolean): Promise<SandboxOrganizationView> {
    const id = organizationId.toLowerCase();
    return this.db.transaction(async (tx) => {
      const updated = await this.organizations.setAutoAdvance(tx, id, autoAdvance);
      if (!updated) throw new SandboxOnlyError(`no organization ${id}`, 'NOT_FOUND');
      if (updated.environment !== 'sandbox') throw new SandboxOnlyError(`organization ${id} is live: auto-advance is for sandbox organizations only`, 'LIVE');
      return view(updated);
    });
  }
}
