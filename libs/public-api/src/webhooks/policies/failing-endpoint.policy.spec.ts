import { failingSinceAfter, hasFailedTooLong } from './failing-endpoint.policy';

const at = (second: number) => new Date(Date.UTC(2026, 10, 26, 10, 0, second));
const failed = (second: number) => ({ ok: false, attemptedAt: at(second) });
const succeeded = (second: number) => ({ ok: true, attemptedAt: at(second) });

describe('failing endpoint', () => {
  it('sets failing_since at the first failure after a success, or ever, and keeps it through later failures', () => {
    expect(failingSinceAfter(null, [failed(1), failed(2)])).toEqual(at(1));
    expect(failingSinceAfter(at(0), [failed(5)])).toEqual(at(0));
    expect(failingSinceAfter(null, [])).toBeNull();
  });

  it('clears it on a success, and starts again at the next failure', () => {
    expect(failingSinceAfter(at(0), [failed(1), succeeded(2)])).toBeNull();
    expect(failingSinceAfter(at(0), [succeeded(2), failed(3), failed(4)])).toEqual(at(3));
  });

  it('counts an endpoint failing for the whole window, and no other', () => {
    expect(hasFailedTooLong(at(0), at(10), 10)).toBe(true);
    expect(hasFailedTooLong(at(1), at(10), 10)).toBe(false);
    expect(hasFailedTooLong(null, at(10), 1)).toBe(false);
  });
});
