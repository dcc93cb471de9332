// Paths whose errors are written in another shape than problem details because their protocol prescribes
// one (the token endpoint's OAuth error object), even when the error happens before the handler runs (a
// body the parsers refuse, a database outage). The shape belongs to the path's owner, not to the platform.
import type { Response } from 'express';
import type { ProblemDetails } from './problem-details';

/** Writes a problem (its headers already set) the way the path's protocol answers errors. */
export type ProblemWriter = (problem: ProblemDetails, response: Response) => void;

const PROBLEM_WRITER = 'problemWriter';

type Locals = { locals: Record<string, unknown> };

/** Middleware: errors of this request are written by `writer`. */
export function useProblemWriter(writer: ProblemWriter) {
  return (_req: unknown, res: Locals, next: () => void): void => {
    res.locals[PROBLEM_WRITER] = writer;
    next();
  };
}

export function problemWriterOf(res: Partial<Locals>): ProblemWriter | undefined {
  return res.locals?.[PROBLEM_WRITER] as ProblemWriter | undefined;
}
