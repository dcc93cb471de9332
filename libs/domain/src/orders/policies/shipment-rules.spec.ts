import { decideShipmentUpdate, occurredAtRefusal, orderDeliveredAt, planShipment, unshippedQuantities } from './shipment-rules';

describe('shipment rules', () => {
  const lines = [
    { barcode: 'A', quantity: 3 },
    { barcode: 'B', quantity: 1 },
    { barcode: 'A', quantity: 2 },
  ];

  it('counts what is unshipped per barcode, lines of one barcode together', () => {
    expect([...unshippedQuantities(lines, [])]).toEqual([
      ['A', 5],
      ['B', 1],
    ]);
    expect([...unshippedQuantities(lines, [{ lines: [{ barcode: 'A', quantity: 4 }] }, { lines: [{ barcode: 'B', quantity: 1 }] }])]).toEqual([
      ['A', 1],
      ['B', 0],
    ]);
  });

  it('plans everything unshipped without lines, and what is asked for with them', () => {
    expect(
      planShipment(
        new Map([
          ['A', 5],
          ['B', 0],
        ]),
      ),
    ).toEqual({ kind: 'plan', lines: [{ barcode: 'A', quantity: 5 }], rest: false });
    expect(
      planShipment(
        new Map([
          ['A', 5],
          ['B', 1],
        ]),
        [{ barcode: 'A', quantity: 2 }],
      ),
    ).toEqual({ kind: 'plan', lines: [{ barcode: 'A', quantity: 2 }], rest: true });
    expect(
      planShipment(
        new Map([
          ['A', 2],
          ['B', 1],
        ]),
        [
          { barcode: 'B', quantity: 1 },
          { barcode: 'A', quantity: 2 },
        ],
      ),
    ).toEqual({
      kind: 'plan',
      lines: [
        { barcode: 'B', quantity: 1 },
        { barcode: 'A', quantity: 2 },
      ],
      rest: false,
    });
  });

  it('refuses more than is unshipped, a barcode not on the order, and an order with nothing left', () => {
    expect(planShipment(new Map([['A', 1]]), [{ barcode: 'A', quantity: 2 }])).toEqual({
      kind: 'refused',
      reason: '2 of A cannot ship: 1 of it is unshipped.',
    });
    expect(planShipment(new Map([['A', 0]]), [{ barcode: 'A', quantity: 1 }])).toEqual({
      kind: 'refused',
      reason: '1 of A cannot ship: 0 of it are unshipped.',
    });
    expect(planShipment(new Map([['A', 1]]), [{ barcode: 'Z', quantity: 1 }])).toEqual({
      kind: 'refused',
      reason: 'The barcode Z is not on the fulfilment order.',
    });
    expect(planShipment(new Map([['A', 0]]))).toEqual({ kind: 'refused', reason: 'Nothing of the fulfilment order is left to ship.' });
  });

  it('takes updates until DELIVERED or RETURNED, which are final', () => {
    expect(decideShipmentUpdate('SHIPPED', 'IN_TRANSIT')).toEqual({ kind: 'apply' });
    expect(decideShipmentUpdate('EXCEPTION', 'DELIVERED')).toEqual({ kind: 'apply' });
    expect(decideShipmentUpdate('IN_TRANSIT', 'IN_TRANSIT')).toEqual({ kind: 'apply' });
    expect(decideShipmentUpdate('DELIVERED', 'RETURNED')).toEqual({
      kind: 'refused',
      reason: 'The shipment is DELIVERED, which is final: it takes no update.',
    });
    expect(decideShipmentUpdate('RETURNED', 'IN_TRANSIT')).toEqual({
      kind: 'refused',
      reason: 'The shipment is RETURNED, which is final: it takes no update.',
    });
    expect(decideShipmentUpdate('IN_TRANSIT', 'SHIPPED')).toEqual({ kind: 'refused', reason: 'A shipment cannot be set to SHIPPED.' });
  });

  it('delivers an order when it is SHIPPED and every one of its shipments is DELIVERED, at the latest delivery', () => {
    const delivered = (at: string) => ({ status: 'DELIVERED' as const, deliveredAt: at });
    expect(orderDeliveredAt('SHIPPED', [delivered('2026-11-02T10:00:00.000Z'), delivered('2026-11-01T10:00:00.000Z')])).toBe('2026-11-02T10:00:00.000Z');
    expect(orderDeliveredAt('SHIPPED', [delivered('2026-11-02T10:00:00.000Z'), { status: 'RETURNED', deliveredAt: null }])).toBeUndefined();
    expect(orderDeliveredAt('PARTIALLY_SHIPPED', [delivered('2026-11-02T10:00:00.000Z')])).toBeUndefined();
    // Shipped before shipments were recorded: never delivered.
    expect(orderDeliveredAt('SHIPPED', [])).toBeUndefined();
  });
});

describe('occurredAtRefusal', () => {
  const shippedAt = '2026-11-28T10:00:00.000Z';
  const now = Date.parse('2026-11-29T10:00:00.000Z');

  it('accepts no occurredAt, the moment of shipping, and up to five minutes ahead of the clock', () => {
    expect(occurredAtRefusal(shippedAt, undefined, now)).toBeUndefined();
    expect(occurredAtRefusal(shippedAt, shippedAt, now)).toBeUndefined();
    expect(occurredAtRefusal(shippedAt, '2026-11-29T10:05:00Z', now)).toBeUndefined();
  });

  it('refuses a time before the shipment was shipped', () => {
    expect(occurredAtRefusal(shippedAt, '0001-01-01T00:00:00Z', now)).toBe(
      'occurredAt 0001-01-01T00:00:00Z is before the shipment was shipped (2026-11-28T10:00:00.000Z).',
    );
    expect(occurredAtRefusal(shippedAt, '2026-11-28T09:59:59.999Z', now)).toMatch(/^occurredAt .* is before the shipment was shipped/);
  });

  it('refuses a time more than five minutes ahead', () => {
    expect(occurredAtRefusal(shippedAt, '2026-11-29T10:05:00.001Z', now)).toBe(
      "occurredAt 2026-11-29T10:05:00.001Z is more than 5 minutes ahead of the gateway's clock.",
    );
  });
});
