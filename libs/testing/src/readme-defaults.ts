// The defaults README.md's table of variables states (`| \`NAME\` | default | meaning |`, several names and values
// joined with " / "), for the config specs to hold each gateway's config class to: the README cannot import a constant.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The rows whose default is not one value a config class holds, each with why it is left out. Any other row
 * whose default is not plain fails readmeDefaults, and so does a name listed here whose row is gone or plain:
 * a default written as prose by mistake would otherwise go unchecked.
 */
export const PROSE_DEFAULTS: Readonly<Record<string, string>> = {
  DATABASE_URL: 'unset: the embedded Postgres is started instead (by npm start and the tests), not a value of the config',
  DATABASE_RUNTIME_URL: "unset: read by the admin CLI's migrate only, no gateway's config",
  DATABASE_READ_URL: 'unset: no replica, reads go to DATABASE_URL',
  PUBLIC_BASE_URL: "two defaults: the config's and npm start's, which follows PUBLIC_GATEWAY_PORT",
  TRUST_PROXY: 'the hop count 0, written with the `false` it may be given as',
  ISSUER_DISCOVERY_URL: 'unset: retired, read only to warn that it is ignored',
  KEY_ENCRYPTION_KEY: 'no default in the config: npm start generates one into DATA_DIR',
  TOKEN_CORS_ORIGINS: "two defaults: the config's (none) and npm start's, which follows INTERNAL_GATEWAY_PORT",
  WEBHOOK_DNS_SERVERS: "empty, with what that means (the system's resolver)",
  METRICS_PORT: 'unset: /metrics is not served',
  OTEL_EXPORTER_OTLP_ENDPOINT: "unset: read by the OpenTelemetry SDK, not by a gateway's config",
};

/** Plain values only: numbers, true/false, `code` and "empty"; prose ("unset", "with npm start, ...") is undefined. */
function plainValue(text: string): string | undefined {
  if (/^(\d+|true|false)$/.test(text)) return text;
  if (text === 'empty') return '';
  return /^`[^`]*`$/.test(text) ? text.slice(1, -1) : undefined;
}

/** The plain defaults of the table by name; throws on a prose default PROSE_DEFAULTS does not list, or on a stale entry of it. */
export function readmeDefaults(
  readmePath = join(__dirname, '../../../README.md'),
  prose: Readonly<Record<string, string>> = PROSE_DEFAULTS,
): Map<string, string> {
  const defaults = new Map<string, string>();
  const skipped = new Map<string, string>();
  for (const [, names, values] of readFileSync(readmePath, 'utf8').matchAll(/^\| (`[A-Z0-9_]+`(?: \/ `[A-Z0-9_]+`)*) \| ([^|]+) \|/gm)) {
    const keys = names.split(' / ').map((name) => name.slice(1, -1));
    const texts = values.trim().split(' / ');
    keys.forEach((key, i) => {
      // As many values as names, or the row's whole text is each name's (and no plain value).
      const text = texts.length === keys.length ? texts[i] : values.trim();
      const value = texts.length === keys.length ? plainValue(text) : undefined;
      if (value === undefined) skipped.set(key, text);
      else defaults.set(key, value);
    });
  }
  const unknown = [...skipped].filter(([name]) => !(name in prose)).map(([name, text]) => `${name} (${text})`);
  if (unknown.length)
    throw new Error(
      `${readmePath}: the default of ${unknown.join(', ')} is not a plain value (a number, true/false, \`code\` or "empty"): write it as one, or list it in PROSE_DEFAULTS with why`,
    );
  const stale = Object.keys(prose).filter((name) => !skipped.has(name));
  if (stale.length) throw new Error(`${readmePath}: PROSE_DEFAULTS lists ${stale.join(', ')}, whose row is gone or now plain: take it off the list`);
  return defaults;
}

/** Each variable of `config` (loaded with no setting of its own) that the README gives a plain default: [name, documented, actual]. */
export function documentedDefaults(config: object): [string, string, string][] {
  return [...readmeDefaults()]
    .filter(([name]) => (config as Record<string, unknown>)[name] !== undefined)
    .map(([name, documented]) => [name, documented, String((config as Record<string, unknown>)[name])]);
}
