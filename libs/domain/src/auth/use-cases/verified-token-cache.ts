// Tokens already verified, keyed by the exact token string, so that a token reused (as clients are told
// to) is not verified again on every request. Bounded in entries and, through the size limit of a token
// cached, in memory. An entry never outlives the token's `exp`, honours its `nbf`, and goes when its
// signing key leaves the key set; revocation is not cached here (the guard asks on every request).
import { CLOCK_SKEW_SECONDS } from '../auth.options';
import { AuthenticatedCaller } from '../model/caller-identity';

/** Longer tokens are verified every time: with the entry limit, this bounds the memory held. */
export const TOKEN_CACHE_MAX_TOKEN_LENGTH = 4096;

export interface VerifiedToken {
  caller: AuthenticatedCaller;
  kid: string;
  /** Seconds since the epoch. */
  exp: number;
  nbf?: number;
}

export class VerifiedTokenCache {
  private readonly entries = new Map<string, VerifiedToken>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.entries.size;
  }

  /** The verified token, while it is within its validity and `keyHeld(kid)` says its key is still published. */
  get(token: string, keyHeld: (kid: string) => boolean): VerifiedToken | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    const now = Date.now() / 1000;
    // Not valid yet (possible only within the clock skew): verified again, as passport-jwt would.
    if (entry.nbf !== undefined && now < entry.nbf - CLOCK_SKEW_SECONDS) return undefined;
    if (now >= entry.exp || !keyHeld(entry.kid)) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }

  set(token: string, entry: VerifiedToken): void {
    if (token.length > TOKEN_CACHE_MAX_TOKEN_LENGTH || Date.now() / 1000 >= entry.exp || this.maxEntries === 0) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(token)) {
      // The oldest entry goes (a Map iterates in insertion order).
      this.entries.delete(this.entries.keys().next().value as string);
    }
    this.entries.set(token, entry);
  }
}
