// The inbound shipment lifecycle (contract 6.9) in one place: which actions each state allows and where they
// lead. Pure: the use cases apply its answers in a transaction.
//
//   AWAITING ──receive──> RECEIVING ──receive──> RECEIVING
//   AWAITING | RECEIVING ──complete──> COMPLETED   (everything announced arrived, or the warehouse closed it)
//   AWAITING ──cancel──> CANCELLED
//   AWAITING ──change──> AWAITING                  (the merchant corrects the announcement)
//
// Only receiving moves stock (onHand rises by what was counted); the other actions change the notice.
import type { InboundShipmentStatus } from '@gateway/persistence';

export type { InboundShipmentStatus };

export const INBOUND_SHIPMENT_STATUSES: InboundShipmentStatus[] = ['AWAITING', 'RECEIVING', 'COMPLETED', 'CANCELLED'];
/** The states in which the warehouse still expects or receives the shipment. */
export const OPEN_INBOUND_SHIPMENT_STATUSES: InboundShipmentStatus[] = ['AWAITING', 'RECEIVING'];

export type InboundShipmentAction = 'change' | 'receive' | 'complete' | 'cancel';

interface TransitionRule {
  from: InboundShipmentStatus[];
  to: InboundShipmentStatus;
  /** The domain event type the action appends. */
  event: string;
}

const RULES: Record<InboundShipmentAction, TransitionRule> = {
  change: { from: ['AWAITING'], to: 'AWAITING', event: 'InboundShipmentUpdated' },
  receive: { from: ['AWAITING', 'RECEIVING'], to: 'RECEIVING', event: 'InboundShipmentReceived' },
  complete: { from: ['AWAITING', 'RECEIVING'], to: 'COMPLETED', event: 'InboundShipmentCompleted' },
  cancel: { from: ['AWAITING'], to: 'CANCELLED', event: 'InboundShipmentCancelled' },
};

/** The event type of a new announcement (no transition leads to it). */
export const INBOUND_SHIPMENT_CREATED_EVENT = 'InboundShipmentCreated';

export type InboundTransitionDecision =
  | { kind: 'apply'; from: InboundShipmentStatus; to: InboundShipmentStatus; event: string }
  /** Already where the action leads (only cancel, which repeats safely). */
  | { kind: 'already'; status: InboundShipmentStatus }
  | { kind: 'refused'; reason: string };

const REPEATABLE: InboundShipmentAction[] = ['cancel'];

export function decideInboundTransition(status: InboundShipmentStatus, action: InboundShipmentAction): InboundTransitionDecision {
  const rule = RULES[action];
  if (rule.from.includes(status)) return { kind: 'apply', from: status, to: rule.to, event: rule.event };
  if (status === rule.to && REPEATABLE.includes(action)) return { kind: 'already', status };
  return { kind: 'refused', reason: `An inbound shipment that is ${status} cannot ${DESCRIPTIONS[action]}; allowed from ${rule.from.join(', ')}.` };
}

const DESCRIPTIONS: Record<InboundShipmentAction, string> = {
  change: 'be changed',
  receive: 'be received',
  complete: 'be completed',
  cancel: 'be cancelled',
};

/** Whether every line has received at least what was announced of it (then the shipment completes by itself). */
export function everythingArrived(lines: { expectedQuantity: number; receivedQuantity: number }[]): boolean {
  return lines.every((line) => line.receivedQuantity >= line.expectedQuantity);
}
