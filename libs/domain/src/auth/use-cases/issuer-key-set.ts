// The issuer's whole key set, held in memory: loaded at start, refreshed on a timer, and at most once
// per ON_DEMAND_GAP_MS when a token names a key the set does not hold (one shared refresh in flight,
// never one per request). A token is always checked against the set held, so tokens with random kids
// cost no fetch beyond that one, and a known key keeps working while refreshes fail or are throttled.
// A gateway that starts before its issuer (the internal gateway of `npm start`, before the public one) retries
// quietly for KEY_SET_START_GRACE_MS, and warns only if the set still cannot be loaded after that.
import { KeyObject, createPublicKey } from 'node:crypto';
import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit, Optional } from '@nestjs/common';
import { JSONWebKey, JwksClient, JwksError } from 'jwks-rsa';
import { ReadinessCheck } from '@gateway/platform';
import { KEY_SET_SOURCE, KeySetSource } from './key-set-source';

export class KeySetUnavailableError extends Error {}
export class UnknownKeyError extends Error {}

/** How often the held set is refreshed (a rotated key is seen within this; a withdrawn one leaves within it). */
export const KEY_SET_REFRESH_MS = 60_000;
/** At most one refresh per this interval for tokens naming an unknown key, and the retry pace while no set is held. */
export const ON_DEMAND_GAP_MS = 5_000;
/**
 * After its start, how long a gateway that has not yet held a set logs a failed load at debug level only: the
 * issuer may be starting too. Two retries at ON_DEMAND_GAP_MS fit in it; a third failure is a warning.
 */
export const KEY_SET_START_GRACE_MS = 10_000;
/** The clock of IssuerKeySet (milliseconds, as Date.now), given in tests to pass the grace period without waiting. */
export const KEY_SET_CLOCK = Symbol('KEY_SET_CLOCK');

/** jwks-rsa turns the JWKs into signing keys (only `use: sig` public keys of known types); passport-jwt verifies with them. */
class HeldJwks extends JwksClient {
  constructor(private readonly jwks: JSONWebKey[]) {
    super({ jwksUri: 'about:blank', cache: false, rateLimit: false });
  }

  override async getKeys(): Promise<JSONWebKey[]> {
    return this.jwks;
  }
}

const noUsableKey = (error: unknown) => {
  if (error instanceof JwksError) return [];
  throw error;
};

interface HeldKey {
  pem: string;
  key: KeyObject;
}

@Injectable()
export class IssuerKeySet implements ReadinessCheck, OnModuleInit, OnModuleDestroy {
  readonly name = 'keySet';
  /** kid -> key; undefined until a load has succeeded. */
  private held?: ReadonlyMap<string, HeldKey>;
  private refreshing?: Promise<void>;
  private lastOnDemand = Number.NEGATIVE_INFINITY;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private readonly logger = new Logger('IssuerKeySet');
  private readonly startedAt: number;

  constructor(
    @Inject(KEY_SET_SOURCE) private readonly source: KeySetSource,
    @Optional() @Inject(KEY_SET_CLOCK) private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  async onModuleInit(): Promise<void> {
    await this.refresh().catch(() => undefined);
    this.schedule();
  }

  onModuleDestroy(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Whether the held set has this key (a cached verified token goes when its key leaves the set). */
  holds(kid: string): boolean {
    return this.held?.has(kid) ?? false;
  }

  /** The public key for `kid`, from the held set (refreshed first, within the limits above, when it lacks the kid). */
  async publicKey(kid: string): Promise<KeyObject> {
    const known = this.held?.get(kid);
    if (known) return known.key;
    await this.refreshOnDemand();
    if (!this.held) throw new KeySetUnavailableError('no key set of the issuer is held');
    const key = this.held.get(kid);
    if (!key) throw new UnknownKeyError(`unknown key ${kid}`);
    return key.key;
  }

  /** Readiness: the gateway can verify tokens only while it holds a key set. */
  async check(): Promise<void> {
    if (!this.held) await this.refreshOnDemand();
    if (!this.held) throw new KeySetUnavailableError('no key set of the issuer is held');
  }

  /** Loads the set now (the one load in flight, when there is one); a failure keeps the set held. */
  refresh(): Promise<void> {
    // At most one failure logged per refresh, and refreshes are bounded (above): a flood cannot flood the log.
    this.refreshing ??= this.load()
      .catch((error: unknown) => {
        const message = `the issuer's key set could not be loaded (${this.held ? 'keeping the set held' : 'no set held'}): ${(error as Error).message}`;
        if (this.held || this.now() - this.startedAt >= KEY_SET_START_GRACE_MS) this.logger.warn(message);
        else this.logger.debug(`${message}; retrying, the issuer may be starting`);
        throw error;
      })
      .finally(() => {
        this.refreshing = undefined;
      });
    return this.refreshing;
  }

  private refreshOnDemand(): Promise<void> {
    if (!this.refreshing) {
      if (this.now() - this.lastOnDemand < ON_DEMAND_GAP_MS) return Promise.resolve();
      this.lastOnDemand = this.now();
    }
    return this.refresh().catch(() => undefined);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(
      () =>
        void this.refresh()
          .catch(() => undefined)
          .finally(() => this.schedule()),
      this.held ? KEY_SET_REFRESH_MS : ON_DEMAND_GAP_MS,
    );
    this.timer.unref();
  }

  private async load(): Promise<void> {
    const jwks = await this.source.load();
    // A set without a usable key is held as such (every token refused), as an empty one is.
    const signingKeys = jwks.length > 0 ? await new HeldJwks(jwks).getSigningKeys().catch(noUsableKey) : [];
    const next = new Map<string, HeldKey>();
    for (const signingKey of signingKeys) {
      if (!signingKey.kid) continue;
      const pem = signingKey.getPublicKey();
      const previous = this.held?.get(signingKey.kid);
      // Parsing a PEM costs more than verifying a signature: a key is parsed once, when it appears.
      next.set(signingKey.kid, previous?.pem === pem ? previous : { pem, key: createPublicKey(pem) });
    }
    this.held = next;
  }
}
