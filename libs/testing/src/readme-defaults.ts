// The defaults README.md's table of variables states (`| \`NAME\` | default | meaning |`, several names and values
// joined with " / "), for the config specs to hold each gateway's config class to: the README cannot import a constant.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Plain values only: numbers, true/false, `code` and "empty"; prose ("unset", "with npm start, ...") is left out. */
function plainValue(text: string): string | undefined {
  if (/^(\d+|true|false)$/.test(text)) return text;
  if (text === 'empty') return '';
  return /^`[^`]*`$/.test(text) ? text.slice(1, -1) : undefined;
}

export function readmeDefaults(readmePath = join(__dirname, '../../../README.md')): Map<string, string> {
  const defaults = new Map<string, string>();
  for (const [, names, values] of readFileSync(readmePath, 'utf8').matchAll(/^\| (`[A-Z0-9_]+`(?: \/ `[A-Z0-9_]+`)*) \| ([^|]+) \|/gm)) {
    const keys = names.split(' / ').map((name) => name.slice(1, -1));
    const texts = values.trim().split(' / ');
    if (texts.length !== keys.length) continue;
    keys.forEach((key, i) => {
      const value = plainValue(texts[i]);
      if (value !== undefined) defaults.set(key, value);
    });
  }
  return defaults;
}

/** Each variable of `config` (loaded with no setting of its own) that the README gives a plain default: [name, documented, actual]. */
export function documentedDefaults(config: object): [string, string, string][] {
  return [...readmeDefaults()]
    .filter(([name]) => (config as Record<string, unknown>)[name] !== undefined)
    .map(([name, documented]) => [name, documented, String((config as Record<string, unknown>)[name])]);
}
