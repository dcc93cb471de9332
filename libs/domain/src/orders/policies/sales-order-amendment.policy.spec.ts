import { FULFILMENT_ORDER_STATUSES, decideTransition } from './fulfilment-order-state-machine';
import { amendableStatuses, decideShippingAddressChange } from './sales-order-amendment.policy';

describe('sales-order amendment policy', () => {
  it('allows a new shipping address exactly while the order could still be cancelled', () => {
    expect(amendableStatuses()).toEqual(['OPEN', 'ALLOCATED', 'BACK_ORDERED']);
    for (const status of FULFILMENT_ORDER_STATUSES) {
      expect([status, decideShippingAddressChange(status).kind]).toEqual([status, decideTransition(status, 'cancel').kind === 'apply' ? 'allowed' : 'refused']);
    }
  });

  it('names the state and the allowed ones in a refusal', () => {
    expect(decideShippingAddressChange('PICKING')).toEqual({
      kind: 'refused',
      reason: 'The shipping address of an order whose fulfilment order is PICKING can no longer be changed; allowed while it is OPEN, ALLOCATED, BACK_ORDERED.',
    });
    expect(decideShippingAddressChange('CANCELLED').kind).toBe('refused');
    expect(decideShippingAddressChange('PARTIALLY_SHIPPED').kind).toBe('refused');
    expect(decideShippingAddressChange('SHIPPED').kind).toBe('refused');
  });

  it('lets cancel refuse every state it cannot leave, repeat on CANCELLED, and apply from the amendable ones (one table)', () => {
    expect(FULFILMENT_ORDER_STATUSES.map((status) => [status, decideTransition(status, 'cancel').kind])).toEqual([
      ['OPEN', 'apply'],
      ['ALLOCATED', 'apply'],
      ['BACK_ORDERED', 'apply'],
      ['PICKING', 'refused'],
      ['PARTIALLY_SHIPPED', 'refused'],
      ['SHIPPED', 'refused'],
      ['CANCELLED', 'already'],
      ['WITHDRAWN', 'refused'],
    ]);
  });
});
