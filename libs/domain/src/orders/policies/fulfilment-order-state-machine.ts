// The fulfilment-order lifecycle (contract sections 5 and 6.7) in one place: which transitions are allowed,
// and what each does to inventory. Pure: the transitions service applies its answers in a transaction.
//
//   OPEN ──allocate──> ALLOCATED ──startPicking──> PICKING ──ship──> SHIPPED
//   PICKING | PARTIALLY_SHIPPED ──shipPart──> PARTIALLY_SHIPPED ──ship──> SHIPPED
//   OPEN ──backOrder─> BACK_ORDERED ──allocate──> ALLOCATED
//   OPEN | ALLOCATED | BACK_ORDERED ──cancel──> CANCELLED,  ──withdraw──> WITHDRAWN
//
// Inventory follows from what an order holds in each state: OPEN and BACK_ORDERED hold pendingAllocation,
// ALLOCATED and PICKING hold allocated, PARTIALLY_SHIPPED holds allocated for what is still unshipped, the
// others hold nothing. A transition releases what the old state held and takes what the new one holds;
// shipping (whole or part) takes what ships off allocated and onHand, and the rest stays held.
import { FulfilmentOrderStatus } from '@gateway/persistence';
import { InventoryDelta } from '../../inventory';

export type { FulfilmentOrderStatus };

export const FULFILMENT_ORDER_STATUSES: FulfilmentOrderStatus[] = [
  'OPEN',
  'ALLOCATED',
  'BACK_ORDERED',
  'PICKING',
  'PARTIALLY_SHIPPED',
  'SHIPPED',
  'CANCELLED',
  'WITHDRAWN',
];

/** `ship` ships everything still unshipped; `shipPart` ships some of it and leaves the rest held. */
export type FulfilmentAction = 'allocate' | 'backOrder' | 'startPicking' | 'ship' | 'shipPart' | 'cancel' | 'withdraw';

interface TransitionRule {
  from: FulfilmentOrderStatus[];
  to: FulfilmentOrderStatus;
  /** The domain event type of the status change. */
  event: string;
  /** Shipping takes the goods off the shelf. */
  consumesOnHand?: boolean;
}

const RULES: Record<FulfilmentAction, TransitionRule> = {
  allocate: { from: ['OPEN', 'BACK_ORDERED'], to: 'ALLOCATED', event: 'FulfilmentOrderAllocated' },
  backOrder: { from: ['OPEN'], to: 'BACK_ORDERED', event: 'FulfilmentOrderBackOrdered' },
  startPicking: { from: ['ALLOCATED'], to: 'PICKING', event: 'FulfilmentOrderPickingStarted' },
  ship: { from: ['PICKING', 'PARTIALLY_SHIPPED'], to: 'SHIPPED', event: 'FulfilmentOrderShipped', consumesOnHand: true },
  shipPart: { from: ['PICKING', 'PARTIALLY_SHIPPED'], to: 'PARTIALLY_SHIPPED', event: 'FulfilmentOrderPartiallyShipped', consumesOnHand: true },
  cancel: { from: ['OPEN', 'ALLOCATED', 'BACK_ORDERED'], to: 'CANCELLED', event: 'FulfilmentOrderCancelled' },
  withdraw: { from: ['OPEN', 'ALLOCATED', 'BACK_ORDERED'], to: 'WITHDRAWN', event: 'FulfilmentOrderWithdrawn' },
};

type Held = 'pendingAllocation' | 'allocated' | null;

/** What an order in this state holds of its lines' unshipped quantities (all of them before any shipment). */
export function heldQuantity(status: FulfilmentOrderStatus): Held {
  switch (status) {
    case 'OPEN':
    case 'BACK_ORDERED':
      return 'pendingAllocation';
    case 'ALLOCATED':
    case 'PICKING':
    case 'PARTIALLY_SHIPPED':
      return 'allocated';
    default:
      return null;
  }
}

export type TransitionDecision =
  | { kind: 'apply'; from: FulfilmentOrderStatus; to: FulfilmentOrderStatus; event: string }
  /** The order is already where the action leads (only for cancel and withdraw, which repeat safely). */
  | { kind: 'already'; status: FulfilmentOrderStatus }
  | { kind: 'refused'; reason: string };

const REPEATABLE: FulfilmentAction[] = ['cancel', 'withdraw'];

export function decideTransition(status: FulfilmentOrderStatus, action: FulfilmentAction): TransitionDecision {
  const rule = RULES[action];
  if (rule.from.includes(status)) return { kind: 'apply', from: status, to: rule.to, event: rule.event };
  if (status === rule.to && REPEATABLE.includes(action)) return { kind: 'already', status };
  return { kind: 'refused', reason: `A fulfilment order that is ${status} cannot ${describe(action)}; allowed from ${rule.from.join(', ')}.` };
}

/** Whether a move from one state to the other ships goods (the whole rest, or part of it). */
export function isShipping(from: FulfilmentOrderStatus, to: FulfilmentOrderStatus): boolean {
  return (RULES.ship.from.includes(from) && to === RULES.ship.to) || (RULES.shipPart.from.includes(from) && to === RULES.shipPart.to);
}

/**
 * The change to one line's level when an order moves from one state to another; null when nothing moves.
 * `held` is what the line still holds (its quantity less what has shipped of it), `shipping` what of it
 * ships in this move: all of `held` when the order becomes SHIPPED, and given when it ships part.
 */
export function inventoryEffect(
  from: FulfilmentOrderStatus,
  to: FulfilmentOrderStatus,
  held: number,
  shipping = to === RULES.ship.to ? held : 0,
): { type: string; delta: InventoryDelta } | null {
  if (isShipping(from, to)) {
    // What ships leaves allocated and the shelf; what does not ship stays allocated.
    return shipping === 0 ? null : { type: effectType('allocated', 'allocated', true), delta: { allocated: -shipping, onHand: -shipping } };
  }
  const released = heldQuantity(from);
  const taken = heldQuantity(to);
  if (released === taken) return null;
  const delta: InventoryDelta = {};
  if (released) delta[released] = -held;
  if (taken) delta[taken] = (delta[taken] ?? 0) + held;
  return { type: effectType(released, taken, false), delta };
}

function effectType(released: Held, taken: Held, shipped: boolean): string {
  if (shipped) return 'StockShipped';
  if (released === 'pendingAllocation' && taken === 'allocated') return 'StockAllocated';
  if (released === 'allocated' && taken === null) return 'AllocationReleased';
  if (released === 'pendingAllocation' && taken === null) return 'PendingAllocationReleased';
  return 'FulfilmentOrderInventoryMoved';
}

function describe(action: FulfilmentAction): string {
  return {
    allocate: 'be allocated',
    backOrder: 'be back-ordered',
    startPicking: 'start picking',
    ship: 'be shipped',
    shipPart: 'ship part of its lines',
    cancel: 'be cancelled',
    withdraw: 'be withdrawn',
  }[action];
}
