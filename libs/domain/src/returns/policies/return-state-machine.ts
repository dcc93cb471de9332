// The return lifecycle (contract 6.8) in one place: which steps are allowed from which state. Pure: the
// return lifecycle use cases apply its answers in a transaction.
//
//   AWAITING_ARRIVAL ──markArrived──> ARRIVED ──process──> COMPLETED
//   AWAITING_ARRIVAL ──process──> (ARRIVED) ──> COMPLETED      the arrival is recorded first
//   AWAITING_ARRIVAL ──cancel──> CANCELLED                      cancelling again changes nothing
//
// Only processing moves stock: what is restocked goes back on the shelf of the return's warehouse.
import type { ReturnStatus } from '@gateway/persistence';

export type { ReturnStatus };

export const RETURN_STATUSES: ReturnStatus[] = ['AWAITING_ARRIVAL', 'ARRIVED', 'COMPLETED', 'CANCELLED'];

export type ReturnAction = 'markArrived' | 'process' | 'cancel';

interface ReturnRule {
  from: ReturnStatus[];
  to: ReturnStatus;
}

const RULES: Record<ReturnAction, ReturnRule> = {
  markArrived: { from: ['AWAITING_ARRIVAL'], to: 'ARRIVED' },
  process: { from: ['AWAITING_ARRIVAL', 'ARRIVED'], to: 'COMPLETED' },
  cancel: { from: ['AWAITING_ARRIVAL'], to: 'CANCELLED' },
};

/** Cancelling a cancelled return answers it again. */
const REPEATABLE: ReturnAction[] = ['cancel'];

/** Open returns claim their announced quantity and block archiving their units. */
export const OPEN_RETURN_STATUSES: ReturnStatus[] = ['AWAITING_ARRIVAL', 'ARRIVED'];

export type ReturnDecision =
  /** `arrivesFirst`: the step records the arrival (ARRIVED, its time and event) before it completes. */
  | { kind: 'apply'; from: ReturnStatus; to: ReturnStatus; arrivesFirst: boolean }
  | { kind: 'already'; status: ReturnStatus }
  | { kind: 'refused'; reason: string };

export function decideReturnStep(status: ReturnStatus, action: ReturnAction): ReturnDecision {
  const rule = RULES[action];
  if (rule.from.includes(status)) return { kind: 'apply', from: status, to: rule.to, arrivesFirst: action === 'process' && status === 'AWAITING_ARRIVAL' };
  if (status === rule.to && REPEATABLE.includes(action)) return { kind: 'already', status };
  return { kind: 'refused', reason: `A return that is ${status} cannot ${DESCRIPTIONS[action]}; allowed from ${rule.from.join(', ')}.` };
}

const DESCRIPTIONS: Record<ReturnAction, string> = {
  markArrived: 'be marked arrived',
  process: 'be processed',
  cancel: 'be cancelled',
};
