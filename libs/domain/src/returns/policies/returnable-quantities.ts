// What an order may still return (contract 6.8), pure: what shipped of each barcode (every parcel, one the
// carrier marked RETURNED too: its goods come back through a return) less what the order's returns claim.
// An open return claims what it announced, a completed one what arrived, a cancelled one nothing.
import type { ProblemFieldError } from '@gateway/platform';
import type { ReturnClaimRow, ReturnLineAction } from '@gateway/persistence';

export function claimedQuantity(claim: Pick<ReturnClaimRow, 'status' | 'quantity' | 'receivedQuantity'>): number {
  switch (claim.status) {
    case 'AWAITING_ARRIVAL':
    case 'ARRIVED':
      return claim.quantity;
    case 'COMPLETED':
      return claim.receivedQuantity ?? 0;
    case 'CANCELLED':
      return 0;
  }
}

/** What may still be returned of each barcode that shipped. */
export function returnableQuantities(
  shipped: Map<string, number>,
  claims: Pick<ReturnClaimRow, 'status' | 'barcode' | 'quantity' | 'receivedQuantity'>[],
): Map<string, number> {
  const left = new Map(shipped);
  for (const claim of claims) if (left.has(claim.barcode)) left.set(claim.barcode, (left.get(claim.barcode) as number) - claimedQuantity(claim));
  return left;
}

export interface RequestedReturnLine {
  barcode: string;
  quantity: number;
  action?: ReturnLineAction;
}

export type ReturnLinesDecision = { kind: 'accepted' } | { kind: 'nothingShipped' } | { kind: 'exceeded'; errors: ProblemFieldError[] };

/** Each line at most what may still be returned of its barcode; an order that shipped nothing returns nothing. */
export function decideReturnLines(returnable: Map<string, number>, lines: RequestedReturnLine[]): ReturnLinesDecision {
  if (returnable.size === 0) return { kind: 'nothingShipped' };
  const errors: ProblemFieldError[] = [];
  lines.forEach((line, index) => {
    const left = returnable.get(line.barcode);
    if (left === undefined) errors.push({ pointer: `/lines/${index}/barcode`, message: 'did not ship with this order' });
    else if (line.quantity > left)
      errors.push({ pointer: `/lines/${index}/quantity`, message: `exceeds what may still be returned of ${line.barcode} (${Math.max(left, 0)})` });
  });
  return errors.length > 0 ? { kind: 'exceeded', errors } : { kind: 'accepted' };
}
