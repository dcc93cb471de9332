// The committed OpenAPI documents (openapi/<gateway>.json, written by `npm run openapi`) against what a gateway serves.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openApiFileText } from '@gateway/platform';

const root = join(__dirname, '../../..');

/** Why openapi/<name>.json is not the served document, or undefined when it is. */
export function committedOpenApiMismatch(name: 'public' | 'internal', served: unknown): string | undefined {
  const file = `openapi/${name}.json`;
  let committed: string;
  try {
    committed = readFileSync(join(root, file), 'utf8');
  } catch {
    committed = '';
  }
  const expected = openApiFileText(served);
  if (committed === expected) return undefined;
  const [committedLines, expectedLines] = [committed.split('\n'), expected.split('\n')];
  const line = expectedLines.findIndex((text, i) => committedLines[i] !== text);
  return `${file} is not the document the ${name} gateway serves (first difference at line ${line + 1}: committed ${JSON.stringify(committedLines[line] ?? null)}, served ${JSON.stringify(expectedLines[line])}): run \`npm run openapi\` and commit the result`;
}
