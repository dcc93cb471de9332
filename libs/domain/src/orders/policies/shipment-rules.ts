// The rules of shipments (contract 6.7), pure: what a ship command may take of a fulfilment order, which
// status updates a shipment accepts, and when an order counts as delivered.
import type { ShipmentStatus } from '@gateway/persistence';

export type { ShipmentStatus };

export const SHIPMENT_STATUSES: ShipmentStatus[] = ['SHIPPED', 'IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'EXCEPTION', 'RETURNED'];
/** The statuses UPDATE_SHIPMENT may set (a shipment is SHIPPED when it is recorded). */
export const SHIPMENT_UPDATE_STATUSES: ShipmentStatus[] = ['IN_TRANSIT', 'OUT_FOR_DELIVERY', 'DELIVERED', 'EXCEPTION', 'RETURNED'];
/** After these, a shipment takes no update. */
export const FINAL_SHIPMENT_STATUSES: ShipmentStatus[] = ['DELIVERED', 'RETURNED'];

export interface ShipmentQuantity {
  barcode: string;
  quantity: number;
}

/** What is still unshipped of each barcode of the order's lines, in line order (0 once all of it shipped). */
export function unshippedQuantities(lines: ShipmentQuantity[], shipments: { lines: ShipmentQuantity[] }[]): Map<string, number> {
  const left = new Map<string, number>();
  for (const line of lines) left.set(line.barcode, (left.get(line.barcode) ?? 0) + line.quantity);
  for (const shipment of shipments) for (const line of shipment.lines) left.set(line.barcode, (left.get(line.barcode) ?? 0) - line.quantity);
  return left;
}

export type ShipmentPlan =
  /** `lines` ship; `rest` is true when something stays unshipped after them. */
  { kind: 'plan'; lines: ShipmentQuantity[]; rest: boolean } | { kind: 'refused'; reason: string };

/**
 * What a ship command takes: the lines asked for, each at most what is unshipped of its barcode; without
 * lines, everything still unshipped. A barcode not on the order, or more than is left, refuses the whole
 * command.
 */
export function planShipment(unshipped: Map<string, number>, requested?: ShipmentQuantity[]): ShipmentPlan {
  if (requested === undefined) {
    const lines = [...unshipped].filter(([, quantity]) => quantity > 0).map(([barcode, quantity]) => ({ barcode, quantity }));
    if (lines.length === 0) return { kind: 'refused', reason: 'Nothing of the fulfilment order is left to ship.' };
    return { kind: 'plan', lines, rest: false };
  }
  const left = new Map(unshipped);
  for (const line of requested) {
    const available = left.get(line.barcode);
    if (available === undefined) return { kind: 'refused', reason: `The barcode ${line.barcode} is not on the fulfilment order.` };
    if (line.quantity > available)
      return { kind: 'refused', reason: `${line.quantity} of ${line.barcode} cannot ship: ${available} of it ${available === 1 ? 'is' : 'are'} unshipped.` };
    left.set(line.barcode, available - line.quantity);
  }
  return { kind: 'plan', lines: requested.map((l) => ({ barcode: l.barcode, quantity: l.quantity })), rest: [...left.values()].some((q) => q > 0) };
}

export type ShipmentUpdateDecision = { kind: 'apply' } | { kind: 'refused'; reason: string };

/** DELIVERED and RETURNED are final; any other status may move to any status UPDATE_SHIPMENT sets (again, to correct tracking). */
export function decideShipmentUpdate(current: ShipmentStatus, next: ShipmentStatus): ShipmentUpdateDecision {
  if (FINAL_SHIPMENT_STATUSES.includes(current)) return { kind: 'refused', reason: `The shipment is ${current}, which is final: it takes no update.` };
  if (!SHIPMENT_UPDATE_STATUSES.includes(next)) return { kind: 'refused', reason: `A shipment cannot be set to ${next}.` };
  return { kind: 'apply' };
}

/** How far ahead of the gateway's clock an update's occurredAt may lie (the carrier's clock is not ours). */
export const OCCURRED_AT_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * Why an update's occurredAt cannot be when it happened, else undefined: it lies before the shipment was
 * shipped, or more than OCCURRED_AT_CLOCK_SKEW_MS after `now`.
 */
export function occurredAtRefusal(shippedAt: string, occurredAt: string | undefined, now: number): string | undefined {
  if (occurredAt === undefined) return undefined;
  const at = Date.parse(occurredAt);
  if (at < Date.parse(shippedAt)) return `occurredAt ${occurredAt} is before the shipment was shipped (${shippedAt}).`;
  if (at > now + OCCURRED_AT_CLOCK_SKEW_MS)
    return `occurredAt ${occurredAt} is more than ${OCCURRED_AT_CLOCK_SKEW_MS / 60_000} minutes ahead of the gateway's clock.`;
  return undefined;
}

/**
 * When the order is delivered: its fulfilment order SHIPPED, at least one shipment, every one DELIVERED;
 * then the latest delivery time (ISO 8601), else undefined. Orders shipped before shipments existed have
 * none, and are never delivered.
 */
export function orderDeliveredAt(fulfilmentStatus: string, shipments: { status: ShipmentStatus; deliveredAt: string | null }[]): string | undefined {
  if (fulfilmentStatus !== 'SHIPPED' || shipments.length === 0 || shipments.some((s) => s.status !== 'DELIVERED' || s.deliveredAt === null)) return undefined;
  return shipments.map((s) => s.deliveredAt as string).reduce((latest, at) => (Date.parse(at) > Date.parse(latest) ? at : latest));
}
