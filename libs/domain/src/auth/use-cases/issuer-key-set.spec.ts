// The key set's failed loads: quiet while a gateway that never held a set is in its first seconds (its issuer may
// be starting), a warning once that lasts, and a warning at once for a gateway that held a set. The clock is given.
import { Logger } from '@nestjs/common';
import { JSONWebKey } from 'jwks-rsa';
import { IssuerKeySet, KEY_SET_START_GRACE_MS, ON_DEMAND_GAP_MS } from './issuer-key-set';
import { KeySetSource } from './key-set-source';

describe('IssuerKeySet: logging a key set that cannot be loaded', () => {
  let now: number;
  let answer: () => Promise<JSONWebKey[]>;
  const source: KeySetSource = { load: () => answer() };
  const refused = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:3000'));
  let warn: jest.SpyInstance;
  let debug: jest.SpyInstance;

  beforeEach(() => {
    now = 1_000_000;
    answer = refused;
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    debug = jest.spyOn(Logger.prototype, 'debug').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('retries quietly during the grace period after a start, then warns if the set still cannot be loaded', async () => {
    const keySet = new IssuerKeySet(source, () => now);
    await expect(keySet.refresh()).rejects.toThrow('ECONNREFUSED');
    now += ON_DEMAND_GAP_MS;
    await expect(keySet.refresh()).rejects.toThrow('ECONNREFUSED');
    now += KEY_SET_START_GRACE_MS - ON_DEMAND_GAP_MS - 1;
    await expect(keySet.refresh()).rejects.toThrow('ECONNREFUSED');
    expect(warn).not.toHaveBeenCalled();
    expect(debug.mock.calls.map(([message]) => message)).toEqual(
      Array(3).fill("the issuer's key set could not be loaded (no set held): connect ECONNREFUSED 127.0.0.1:3000; retrying, the issuer may be starting"),
    );

    now += 1;
    await expect(keySet.refresh()).rejects.toThrow('ECONNREFUSED');
    expect(warn.mock.calls).toEqual([["the issuer's key set could not be loaded (no set held): connect ECONNREFUSED 127.0.0.1:3000"]]);
  });

  it('logs nothing above debug when the issuer comes up within the grace period', async () => {
    const keySet = new IssuerKeySet(source, () => now);
    await expect(keySet.refresh()).rejects.toThrow('ECONNREFUSED');
    answer = async () => [];
    now += ON_DEMAND_GAP_MS;
    await keySet.refresh();
    await expect(keySet.check()).resolves.toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    expect(debug).toHaveBeenCalledTimes(1);
  });

  it('warns at once, within the grace period too, when a gateway that held a set cannot refresh it', async () => {
    answer = async () => [];
    const keySet = new IssuerKeySet(source, () => now);
    await keySet.refresh();
    answer = refused;
    await expect(keySet.refresh()).rejects.toThrow('ECONNREFUSED');
    expect(warn.mock.calls).toEqual([["the issuer's key set could not be loaded (keeping the set held): connect ECONNREFUSED 127.0.0.1:3000"]]);
    expect(debug).not.toHaveBeenCalled();
  });
});
