// Until when the integrator that sent an order may still change it (contract 6.7): its shipping address
// may be replaced while the order could still be cancelled, that is while the warehouse has not started
// on it. The states come from the cancel rule of the state machine, so the two never disagree.
import { FULFILMENT_ORDER_STATUSES, FulfilmentOrderStatus, decideTransition } from './fulfilment-order-state-machine';

export type AmendmentDecision = { kind: 'allowed' } | { kind: 'refused'; reason: string };

/** The states in which an order's shipping address may be replaced (and the order cancelled). */
export function amendableStatuses(): FulfilmentOrderStatus[] {
  return FULFILMENT_ORDER_STATUSES.filter((status) => decideTransition(status, 'cancel').kind === 'apply');
}

export function decideShippingAddressChange(status: FulfilmentOrderStatus): AmendmentDecision {
  if (decideTransition(status, 'cancel').kind === 'apply') return { kind: 'allowed' };
  return {
    kind: 'refused',
    reason: `The shipping address of an order whose fulfilment order is ${status} can no longer be changed; allowed while it is ${amendableStatuses().join(', ')}.`,
  };
}
