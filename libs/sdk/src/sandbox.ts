// Named calls of a sandbox organization (contract 6.10), on a PublicClient: simulate takes one warehouse step
// (allocate, ship, update a shipment, deliver, receive an inbound shipment, a return's arrival and processing,
// a stock adjustment) on the sandbox's own data, as the warehouse would, and resolves to the outcome: SUCCESS
// with what changed, or FAILED with the reason when the state does not allow the step. A live organization,
// an unknown id or a bad body throws a ProblemError (403 sandbox-only, 404, 400).
import type { components } from './generated/public-api';
import type { PublicClient } from './public-client';
import { unwrap } from './problem-error';

type Schemas = components['schemas'];
/** One step, by its action: `{ action: 'SHIP', salesOrderId }`, `{ action: 'ADJUST_STOCK', barcode, quantity }`, ... */
export type SandboxSimulation =
  | Schemas['AllocateSimulation']
  | Schemas['ShipSimulation']
  | Schemas['UpdateShipmentSimulation']
  | Schemas['DeliverSimulation']
  | Schemas['ReceiveInboundSimulation']
  | Schemas['ArriveReturnSimulation']
  | Schemas['ProcessReturnSimulation']
  | Schemas['AdjustStockSimulation'];
export type SandboxSimulationAction = SandboxSimulation['action'];
/** `{ outcome: 'SUCCESS', result }` or `{ outcome: 'FAILED', reason }`. */
export type SandboxSimulationOutcome = Schemas['SimulationOutcomeDto'];
export type SandboxSimulationResult = Schemas['SimulationResult'];

const SIMULATIONS = '/v0/organizations/{organizationId}/sandbox/simulations';

/** A sandbox organization's simulations: `await sandbox(api, organizationId).simulate({ action: 'DELIVER', salesOrderId })`. */
export function sandbox(api: PublicClient, organizationId: string) {
  return {
    simulate: (step: SandboxSimulation): Promise<SandboxSimulationOutcome> =>
      unwrap(api.POST(SIMULATIONS, { params: { path: { organizationId } }, body: step })),
  };
}
