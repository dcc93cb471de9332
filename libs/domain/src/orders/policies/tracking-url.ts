// A tracking link a shop shows its customer, kept in the form a browser would use: an https URL parsed and
// serialized by the WHATWG URL parser (host lower-cased and punycoded, quotes, angle brackets and spaces
// percent-encoded), so that what is stored, answered and sent in webhooks is one URL, never markup. Refused:
// anything but https with a host, credentials (user:password@), control characters and backslashes (which
// parsers read differently: `https://evil.example\@good.example/` is evil.example's to a browser), and a
// link longer than the documented bound before or after serialization.
import { applyDecorators } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { ValidateBy } from 'class-validator';
import { codePointLength } from '@gateway/platform';

// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f-\u009f\\]/;
/** The scheme and an authority as written: the parser would read `https:///path` as the host "path". */
const HTTPS_AUTHORITY = /^https:\/\/[^/?#]/i;

/** The link as stored, or undefined when it is refused. Serializing a serialized link gives it back unchanged. */
export function normalizedTrackingUrl(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string' || !HTTPS_AUTHORITY.test(value) || CONTROL_OR_BACKSLASH.test(value) || codePointLength(value) > max) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.hostname === '' || url.username !== '' || url.password !== '') return undefined;
  return url.href.length <= max ? url.href : undefined;
}

/** The property holds such a link; the DTO receives its serialized form (a refused value is left as sent, to be refused). */
export const IsTrackingUrl = (max: number) =>
  applyDecorators(
    Transform(({ value }: { value: unknown }) => normalizedTrackingUrl(value, max) ?? value),
    ValidateBy({
      name: 'isTrackingUrl',
      validator: {
        validate: (value) => normalizedTrackingUrl(value, max) === value,
        defaultMessage: () => `must be an https URL of at most ${max} characters, without credentials, control characters or backslashes`,
      },
    }),
  );
