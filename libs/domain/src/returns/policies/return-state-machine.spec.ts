import { RETURN_STATUSES, ReturnAction, ReturnStatus, decideReturnStep } from './return-state-machine';

const ACTIONS: ReturnAction[] = ['markArrived', 'process', 'cancel'];

/** The whole table: what each step does from each state ('-' refused, '=' already there, '>' through ARRIVED). */
const EXPECTED: Record<ReturnStatus, Record<ReturnAction, string>> = {
  AWAITING_ARRIVAL: { markArrived: 'ARRIVED', process: '>COMPLETED', cancel: 'CANCELLED' },
  ARRIVED: { markArrived: '-', process: 'COMPLETED', cancel: '-' },
  COMPLETED: { markArrived: '-', process: '-', cancel: '-' },
  CANCELLED: { markArrived: '-', process: '-', cancel: '=' },
};

describe('return state machine', () => {
  it.each(RETURN_STATUSES.flatMap((status) => ACTIONS.map((action) => [status, action] as const)))('%s --%s-->', (status, action) => {
    const decision = decideReturnStep(status, action);
    const expected = EXPECTED[status][action];
    if (expected === '-') expect(decision.kind).toBe('refused');
    else if (expected === '=') expect(decision).toEqual({ kind: 'already', status });
    else expect(decision).toEqual({ kind: 'apply', from: status, to: expected.replace('>', ''), arrivesFirst: expected.startsWith('>') });
  });

  it('names the state and the allowed ones in a refusal', () => {
    expect(decideReturnStep('ARRIVED', 'cancel')).toEqual({
      kind: 'refused',
      reason: 'A return that is ARRIVED cannot be cancelled; allowed from AWAITING_ARRIVAL.',
    });
    expect(decideReturnStep('COMPLETED', 'process')).toEqual({
      kind: 'refused',
      reason: 'A return that is COMPLETED cannot be processed; allowed from AWAITING_ARRIVAL, ARRIVED.',
    });
  });
});
