import { AuthenticatedCaller } from '../model/caller-identity';
import { TOKEN_CACHE_MAX_TOKEN_LENGTH, VerifiedToken, VerifiedTokenCache } from './verified-token-cache';

const caller: AuthenticatedCaller = { identity: { clientType: 'SERVICE', clientId: 'cl_a' }, audience: 'public', tokenId: 'jti', expiresAt: 0 };
const now = () => Math.floor(Date.now() / 1000);
const entry = (changes: Partial<VerifiedToken> = {}): VerifiedToken => ({ caller, kid: 'k1', exp: now() + 600, nbf: now(), ...changes });
const held = () => true;

describe('VerifiedTokenCache', () => {
  afterEach(() => jest.restoreAllMocks());

  it('answers a token by its exact string', () => {
    const cache = new VerifiedTokenCache(10);
    cache.set('a.b.c', entry());
    expect(cache.get('a.b.c', held)?.caller).toBe(caller);
    expect(cache.get('a.b.c ', held)).toBeUndefined();
    expect(cache.get('a.b.C', held)).toBeUndefined();
  });

  it('holds at most maxEntries, the oldest going first', () => {
    const cache = new VerifiedTokenCache(3);
    for (const token of ['t1', 't2', 't3', 't4']) cache.set(token, entry());
    expect(cache.size).toBe(3);
    expect(cache.get('t1', held)).toBeUndefined();
    expect(cache.get('t4', held)).toBeDefined();
  });

  it('does not keep a token longer than the size limit', () => {
    const cache = new VerifiedTokenCache(10);
    cache.set('x'.repeat(TOKEN_CACHE_MAX_TOKEN_LENGTH + 1), entry());
    cache.set('y'.repeat(TOKEN_CACHE_MAX_TOKEN_LENGTH), entry());
    expect(cache.size).toBe(1);
  });

  it('drops an entry at its exp, and does not take one already expired', () => {
    const cache = new VerifiedTokenCache(10);
    const exp = now() + 60;
    cache.set('t', entry({ exp }));
    cache.set('expired', entry({ exp: now() }));
    expect(cache.size).toBe(1);
    jest.spyOn(Date, 'now').mockReturnValue(exp * 1000);
    expect(cache.get('t', held)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not answer a token before its nbf (beyond the clock skew)', () => {
    const cache = new VerifiedTokenCache(10);
    const nbf = now() + 20;
    cache.set('t', entry({ nbf }));
    expect(cache.get('t', held)).toBeDefined();
    jest.spyOn(Date, 'now').mockReturnValue((nbf - 31) * 1000);
    expect(cache.get('t', held)).toBeUndefined();
  });

  it('drops an entry whose signing key is no longer held', () => {
    const cache = new VerifiedTokenCache(10);
    cache.set('t', entry({ kid: 'gone' }));
    expect(cache.get('t', (kid) => kid !== 'gone')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps nothing when off (0 entries)', () => {
    const cache = new VerifiedTokenCache(0);
    cache.set('t', entry());
    expect(cache.get('t', held)).toBeUndefined();
  });
});
