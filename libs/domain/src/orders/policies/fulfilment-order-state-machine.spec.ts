import {
  FULFILMENT_ORDER_STATUSES,
  FulfilmentAction,
  FulfilmentOrderStatus,
  decideTransition,
  heldQuantity,
  inventoryEffect,
} from './fulfilment-order-state-machine';

const ACTIONS: FulfilmentAction[] = ['allocate', 'backOrder', 'startPicking', 'ship', 'shipPart', 'cancel', 'withdraw'];

/** The whole table: what each action does from each state ('-' refused, '=' already there). */
const EXPECTED: Record<FulfilmentOrderStatus, Record<FulfilmentAction, string>> = {
  OPEN: { allocate: 'ALLOCATED', backOrder: 'BACK_ORDERED', startPicking: '-', ship: '-', shipPart: '-', cancel: 'CANCELLED', withdraw: 'WITHDRAWN' },
  ALLOCATED: { allocate: '-', backOrder: '-', startPicking: 'PICKING', ship: '-', shipPart: '-', cancel: 'CANCELLED', withdraw: 'WITHDRAWN' },
  BACK_ORDERED: { allocate: 'ALLOCATED', backOrder: '-', startPicking: '-', ship: '-', shipPart: '-', cancel: 'CANCELLED', withdraw: 'WITHDRAWN' },
  PICKING: { allocate: '-', backOrder: '-', startPicking: '-', ship: 'SHIPPED', shipPart: 'PARTIALLY_SHIPPED', cancel: '-', withdraw: '-' },
  PARTIALLY_SHIPPED: { allocate: '-', backOrder: '-', startPicking: '-', ship: 'SHIPPED', shipPart: 'PARTIALLY_SHIPPED', cancel: '-', withdraw: '-' },
  SHIPPED: { allocate: '-', backOrder: '-', startPicking: '-', ship: '-', shipPart: '-', cancel: '-', withdraw: '-' },
  CANCELLED: { allocate: '-', backOrder: '-', startPicking: '-', ship: '-', shipPart: '-', cancel: '=', withdraw: '-' },
  WITHDRAWN: { allocate: '-', backOrder: '-', startPicking: '-', ship: '-', shipPart: '-', cancel: '-', withdraw: '=' },
};

describe('fulfilment-order state machine', () => {
  it.each(FULFILMENT_ORDER_STATUSES.flatMap((status) => ACTIONS.map((action) => [status, action] as const)))('%s --%s-->', (status, action) => {
    const decision = decideTransition(status, action);
    const expected = EXPECTED[status][action];
    if (expected === '-') expect(decision.kind).toBe('refused');
    else if (expected === '=') expect(decision).toEqual({ kind: 'already', status });
    else expect(decision).toMatchObject({ kind: 'apply', from: status, to: expected });
  });

  it('names the state and the allowed ones in a refusal', () => {
    expect(decideTransition('PICKING', 'cancel')).toEqual({
      kind: 'refused',
      reason: 'A fulfilment order that is PICKING cannot be cancelled; allowed from OPEN, ALLOCATED, BACK_ORDERED.',
    });
    expect(decideTransition('PARTIALLY_SHIPPED', 'cancel')).toEqual({
      kind: 'refused',
      reason: 'A fulfilment order that is PARTIALLY_SHIPPED cannot be cancelled; allowed from OPEN, ALLOCATED, BACK_ORDERED.',
    });
    expect(decideTransition('CANCELLED', 'withdraw')).toEqual({
      kind: 'refused',
      reason: 'A fulfilment order that is CANCELLED cannot be withdrawn; allowed from OPEN, ALLOCATED, BACK_ORDERED.',
    });
  });

  it('moves inventory by what the states hold', () => {
    expect(inventoryEffect('OPEN', 'ALLOCATED', 4)).toEqual({ type: 'StockAllocated', delta: { pendingAllocation: -4, allocated: 4 } });
    expect(inventoryEffect('BACK_ORDERED', 'ALLOCATED', 4)).toEqual({ type: 'StockAllocated', delta: { pendingAllocation: -4, allocated: 4 } });
    expect(inventoryEffect('OPEN', 'BACK_ORDERED', 4)).toBeNull();
    expect(inventoryEffect('ALLOCATED', 'PICKING', 4)).toBeNull();
    expect(inventoryEffect('PICKING', 'SHIPPED', 4)).toEqual({ type: 'StockShipped', delta: { allocated: -4, onHand: -4 } });
    expect(inventoryEffect('OPEN', 'CANCELLED', 4)).toEqual({ type: 'PendingAllocationReleased', delta: { pendingAllocation: -4 } });
    expect(inventoryEffect('BACK_ORDERED', 'WITHDRAWN', 4)).toEqual({ type: 'PendingAllocationReleased', delta: { pendingAllocation: -4 } });
    expect(inventoryEffect('ALLOCATED', 'CANCELLED', 4)).toEqual({ type: 'AllocationReleased', delta: { allocated: -4 } });
  });

  it('ships part: what ships leaves allocated and onHand, the rest stays held', () => {
    expect(inventoryEffect('PICKING', 'PARTIALLY_SHIPPED', 4, 1)).toEqual({ type: 'StockShipped', delta: { allocated: -1, onHand: -1 } });
    expect(inventoryEffect('PARTIALLY_SHIPPED', 'PARTIALLY_SHIPPED', 3, 2)).toEqual({ type: 'StockShipped', delta: { allocated: -2, onHand: -2 } });
    expect(inventoryEffect('PARTIALLY_SHIPPED', 'SHIPPED', 1)).toEqual({ type: 'StockShipped', delta: { allocated: -1, onHand: -1 } });
    // A barcode none of which ships in this parcel moves nothing.
    expect(inventoryEffect('PICKING', 'PARTIALLY_SHIPPED', 4, 0)).toBeNull();
  });

  it('keeps every level equal to what the orders hold: each allowed transition releases the old hold and takes the new one', () => {
    for (const status of FULFILMENT_ORDER_STATUSES) {
      for (const action of ACTIONS) {
        const decision = decideTransition(status, action);
        if (decision.kind !== 'apply') continue;
        // A line holding 2: shipping part ships 1 of it, shipping the rest ships both.
        const shipping = action === 'shipPart' ? 1 : action === 'ship' ? 2 : 0;
        const delta = inventoryEffect(decision.from, decision.to, 2, shipping)?.delta ?? {};
        const held = (s: FulfilmentOrderStatus, q: 'allocated' | 'pendingAllocation', before: boolean) =>
          heldQuantity(s) === q ? (before ? 2 : 2 - shipping) : 0;
        expect([status, action, delta.allocated ?? 0, delta.pendingAllocation ?? 0]).toEqual([
          status,
          action,
          held(decision.to, 'allocated', false) - held(decision.from, 'allocated', true),
          held(decision.to, 'pendingAllocation', false) - held(decision.from, 'pendingAllocation', true),
        ]);
        // Only shipping takes goods off the shelf, exactly what ships.
        expect([status, action, delta.onHand ?? 0]).toEqual([status, action, shipping === 0 ? 0 : -shipping]);
      }
    }
  });
});
