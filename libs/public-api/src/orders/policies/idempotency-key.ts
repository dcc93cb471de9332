// The Idempotency-Key header (contract section 4): 1 to 255 visible ASCII characters.
import { BadRequestProblem } from '@gateway/platform';

const IDEMPOTENCY_KEY = /^[\x21-\x7E]{1,255}$/;

/** The header's value, undefined when absent; a 400 problem when present but malformed (or sent twice). */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header) || !IDEMPOTENCY_KEY.test(header)) {
    throw new BadRequestProblem('The Idempotency-Key header must be 1 to 255 visible ASCII characters, sent once.', [
      { pointer: '/headers/Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' },
    ]);
  }
  return header;
}
