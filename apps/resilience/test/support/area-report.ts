// Counts the cases each area of the suite tried and the failures it saw; the resilience reporter
// prints one line per area at the end of the run (tools/jest/resilience-reporter.js).
import { appendFileSync } from 'node:fs';

export type Area = 'bad input' | 'unicode bounds' | 'authorization' | 'faults' | 'load' | 'replicas';

export class AreaTally {
  tried = 0;
  readonly failures: string[] = [];
  /** Named counts the area reports beside its cases (kinds of failure it wants to show as 0). */
  private counts: Record<string, number> = {};

  constructor(private readonly area: Area) {}

  /** One case: `failure` is undefined when the case passed, else what went wrong. */
  record(failure?: string): void {
    this.tried += 1;
    if (failure) this.failures.push(failure);
  }

  /** One more of a named count; the names the area sets up are printed even when 0. */
  count(name: string, by = 1): void {
    this.counts[name] = (this.counts[name] ?? 0) + by;
  }

  check(ok: boolean, failure: string): void {
    this.record(ok ? undefined : failure);
  }

  /** Writes this tally for the reporter; call once per test, in a finally block. */
  flush(): void {
    const file = process.env.RESILIENCE_AREAS_FILE;
    if (file) appendFileSync(file, `${JSON.stringify({ area: this.area, tried: this.tried, failures: this.failures.length, counts: this.counts })}\n`);
    this.tried = 0;
    this.failures.length = 0;
    this.counts = {};
  }
}
