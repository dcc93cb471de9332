// Runs a passport strategy on one request and settles with what it decided, as `passport.authenticate`
// does for a single strategy given a callback and no session: success(user, info), fail(challenge, status)
// and error(err) become the callback's (err, user, info, status).
//
// Why not passport.authenticate: it gives each request a strategy object with five closures as properties
// (success, fail, redirect, pass, error). Under load, V8 then kept every request's objects through one
// young-generation collection and moved them to the old one, with a full collection every few seconds. Here
// the actions are methods of a class and the per-request object holds only data (the figures:
// docs/decisions/benchmarks.md#the-token-check-on-a-miss).
import type { Request } from 'express';
import type { Strategy } from 'passport';

export interface StrategyOutcome {
  error?: unknown;
  user?: unknown;
  info?: unknown;
  status?: number;
}

/** What a strategy may call while it authenticates (passport adds these to the strategy object it runs). */
interface StrategyActions {
  success(user: unknown, info?: unknown): void;
  fail(challenge?: unknown, status?: number): void;
  error(error: unknown): void;
  pass(): void;
  redirect(url: string, status?: number): void;
}

/** A function running `strategy` on a request; the strategy's own properties are read through the prototype chain. */
export function strategyRunner(strategy: Strategy): (request: Request, options?: object) => Promise<StrategyOutcome> {
  class Run implements StrategyActions {
    constructor(private readonly settle: (outcome: StrategyOutcome) => void) {}

    success(user: unknown, info?: unknown): void {
      this.settle({ user, info });
    }

    fail(challenge?: unknown, status?: number): void {
      // passport reads a number alone as the status.
      this.settle(typeof challenge === 'number' ? { user: false, status: challenge } : { user: false, info: challenge, status });
    }

    error(error: unknown): void {
      this.settle({ error });
    }

    // Neither is used by a bearer strategy; passport would move on without a decision, or answer a redirect.
    pass(): void {
      this.settle({ error: new Error('the strategy passed without deciding') });
    }

    redirect(url: string): void {
      this.settle({ error: new Error(`the strategy asked for a redirect to ${url}`) });
    }
  }
  Object.setPrototypeOf(Run.prototype, strategy);
  const authenticate = strategy.authenticate as (this: StrategyActions, request: Request, options?: object) => void;
  return (request, options) =>
    new Promise<StrategyOutcome>((resolve) => {
      const run = new Run(resolve);
      try {
        authenticate.call(run, request, options);
      } catch (error) {
        resolve({ error });
      }
    });
}
