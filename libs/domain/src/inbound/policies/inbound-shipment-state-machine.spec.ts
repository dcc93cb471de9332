import { INBOUND_SHIPMENT_STATUSES, InboundShipmentAction, decideInboundTransition, everythingArrived } from './inbound-shipment-state-machine';

describe('the inbound shipment state machine', () => {
  it('allows exactly the documented transitions (every state × every action)', () => {
    const actions: InboundShipmentAction[] = ['change', 'receive', 'complete', 'cancel'];
    const table = Object.fromEntries(
      INBOUND_SHIPMENT_STATUSES.map((status) => [
        status,
        Object.fromEntries(
          actions.map((action) => {
            const decision = decideInboundTransition(status, action);
            return [action, decision.kind === 'apply' ? decision.to : decision.kind];
          }),
        ),
      ]),
    );
    expect(table).toEqual({
      AWAITING: { change: 'AWAITING', receive: 'RECEIVING', complete: 'COMPLETED', cancel: 'CANCELLED' },
      RECEIVING: { change: 'refused', receive: 'RECEIVING', complete: 'COMPLETED', cancel: 'refused' },
      COMPLETED: { change: 'refused', receive: 'refused', complete: 'refused', cancel: 'refused' },
      CANCELLED: { change: 'refused', receive: 'refused', complete: 'refused', cancel: 'already' },
    });
  });

  it('says why a transition is refused', () => {
    expect(decideInboundTransition('RECEIVING', 'cancel')).toEqual({
      kind: 'refused',
      reason: 'An inbound shipment that is RECEIVING cannot be cancelled; allowed from AWAITING.',
    });
  });

  it('counts a shipment as arrived when every line has at least what was announced (an overage or an unannounced line included)', () => {
    expect(
      everythingArrived([
        { expectedQuantity: 4, receivedQuantity: 5 },
        { expectedQuantity: 0, receivedQuantity: 2 },
      ]),
    ).toBe(true);
    expect(
      everythingArrived([
        { expectedQuantity: 4, receivedQuantity: 3 },
        { expectedQuantity: 1, receivedQuantity: 9 },
      ]),
    ).toBe(false);
  });
});
