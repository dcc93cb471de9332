import type { Request } from 'express';
import { SignJWT } from 'jose';
import type { Strategy as PassportStrategy } from 'passport';
import { ExtractJwt, Strategy as JwtStrategy, VerifiedCallback } from 'passport-jwt';
import { strategyRunner } from './strategy-run';

const secret = 'a-test-secret-of-thirty-two-bytes!';
const request = (authorization?: string) => ({ headers: authorization ? { authorization } : {} }) as Request;
const token = (claims: Record<string, unknown>, key = secret) =>
  new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setExpirationTime('5m').sign(new TextEncoder().encode(key));

function jwtStrategy(verify: (payload: { sub?: string }, done: VerifiedCallback) => void) {
  return new JwtStrategy({ jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(), secretOrKey: secret, algorithms: ['HS256'] }, verify);
}

describe('strategyRunner', () => {
  const accept = jwtStrategy((payload, done) => done(null, { sub: payload.sub }));

  it("settles with the user the strategy's verify callback gave", async () => {
    await expect(strategyRunner(accept)(request(`Bearer ${await token({ sub: 'cl_a' })}`))).resolves.toEqual({ user: { sub: 'cl_a' }, info: undefined });
  });

  it("settles with passport-jwt's reason when it fails a request", async () => {
    const missing = await strategyRunner(accept)(request());
    expect(missing).toEqual({ user: false, info: new Error('No auth token'), status: undefined });
    const forged = await strategyRunner(accept)(request(`Bearer ${await token({ sub: 'cl_a' }, 'another-secret-of-thirty-two-bytes')}`));
    expect(forged.user).toBe(false);
    expect(forged.info).toMatchObject({ name: 'JsonWebTokenError', message: 'invalid signature' });
  });

  it('settles with the error of a verify callback, or one thrown by the strategy', async () => {
    const failing = new Error('database down');
    const erring = jwtStrategy((_payload, done) => done(failing));
    await expect(strategyRunner(erring)(request(`Bearer ${await token({ sub: 'cl_a' })}`))).resolves.toEqual({ error: failing });
    const thrown = new Error('thrown');
    const throwing: PassportStrategy = {
      authenticate() {
        throw thrown;
      },
    };
    await expect(strategyRunner(throwing)(request())).resolves.toEqual({ error: thrown });
  });

  it('reads a status given alone to fail as the status, as passport does', async () => {
    const forbidding: PassportStrategy = {
      authenticate(this: { fail(status: number): void }) {
        this.fail(403);
      },
    };
    await expect(strategyRunner(forbidding)(request())).resolves.toEqual({ user: false, status: 403 });
  });

  it('runs each request apart: concurrent runs settle with their own users', async () => {
    const run = strategyRunner(accept);
    const tokens = await Promise.all(['cl_1', 'cl_2', 'cl_3'].map((sub) => token({ sub })));
    const outcomes = await Promise.all(tokens.map((t) => run(request(`Bearer ${t}`))));
    expect(outcomes.map((o) => o.user)).toEqual([{ sub: 'cl_1' }, { sub: 'cl_2' }, { sub: 'cl_3' }]);
  });
});
