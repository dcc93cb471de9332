import { claimedQuantity, decideReturnLines, returnableQuantities } from './returnable-quantities';
import { decideProcessing } from './return-processing';

describe('returnable quantities', () => {
  const shipped = new Map([
    ['A', 5],
    ['B', 2],
  ]);

  it('an open return claims its quantity, a completed one what arrived, a cancelled one nothing', () => {
    expect(claimedQuantity({ status: 'AWAITING_ARRIVAL', quantity: 3, receivedQuantity: null })).toBe(3);
    expect(claimedQuantity({ status: 'ARRIVED', quantity: 3, receivedQuantity: null })).toBe(3);
    expect(claimedQuantity({ status: 'COMPLETED', quantity: 3, receivedQuantity: 1 })).toBe(1);
    expect(claimedQuantity({ status: 'CANCELLED', quantity: 3, receivedQuantity: null })).toBe(0);
  });

  it('is what shipped less what the other returns claim', () => {
    const left = returnableQuantities(shipped, [
      { status: 'AWAITING_ARRIVAL', barcode: 'A', quantity: 2, receivedQuantity: null },
      { status: 'COMPLETED', barcode: 'A', quantity: 2, receivedQuantity: 1 },
      { status: 'CANCELLED', barcode: 'B', quantity: 2, receivedQuantity: null },
    ]);
    expect([...left]).toEqual([
      ['A', 2],
      ['B', 2],
    ]);
  });

  it('refuses a line over what is left, a barcode that did not ship, and an order that shipped nothing', () => {
    expect(decideReturnLines(new Map([['A', 2]]), [{ barcode: 'A', quantity: 2 }])).toEqual({ kind: 'accepted' });
    expect(
      decideReturnLines(new Map([['A', 2]]), [
        { barcode: 'A', quantity: 3 },
        { barcode: 'C', quantity: 1 },
      ]),
    ).toEqual({
      kind: 'exceeded',
      errors: [
        { pointer: '/lines/0/quantity', message: 'exceeds what may still be returned of A (2)' },
        { pointer: '/lines/1/barcode', message: 'did not ship with this order' },
      ],
    });
    expect(decideReturnLines(new Map(), [{ barcode: 'A', quantity: 1 }])).toEqual({ kind: 'nothingShipped' });
  });
});

describe('processing a return', () => {
  const lines = [
    { barcode: 'A', quantity: 3, action: 'RESTOCK' as const },
    { barcode: 'B', quantity: 1, action: 'DISPOSE' as const },
  ];

  it('takes every line, received at most announced, restocked at most received, a DISPOSE line never restocked', () => {
    const ok = [
      { barcode: 'A', receivedQuantity: 2, restockQuantity: 1 },
      { barcode: 'B', receivedQuantity: 1, restockQuantity: 0 },
    ];
    expect(decideProcessing(lines, ok)).toEqual({ kind: 'accepted' });
    expect(decideProcessing(lines, [ok[0]])).toEqual({ kind: 'refused', reason: 'Every line of the return must be named; B is missing.' });
    expect(decideProcessing(lines, [{ ...ok[0], receivedQuantity: 4 }, ok[1]]).kind).toBe('refused');
    expect(decideProcessing(lines, [{ ...ok[0], restockQuantity: 3 }, ok[1]]).kind).toBe('refused');
    expect(decideProcessing(lines, [ok[0], { ...ok[1], restockQuantity: 1 }])).toEqual({
      kind: 'refused',
      reason: 'B is to be disposed of: its restockQuantity must be 0.',
    });
    expect(decideProcessing(lines, [...ok, { barcode: 'C', receivedQuantity: 0, restockQuantity: 0 }])).toEqual({
      kind: 'refused',
      reason: 'C is not a line of the return.',
    });
    expect(decideProcessing(lines, [...ok, ok[0]]).kind).toBe('refused');
  });
});
