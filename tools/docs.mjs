// npm run docs: the static API reference (Redoc, through Redocly's CLI) of each committed document, built
// offline (its scripts inlined, nothing loaded from elsewhere) into dist/docs/<gateway>.html, for reading without a
// running gateway.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');
const out = join(root, 'dist/docs');
mkdirSync(out, { recursive: true });
for (const name of ['public', 'internal']) {
  const target = join(out, `${name}.html`);
  const result = spawnSync(
    process.execPath,
    [cli, 'build-docs', join(root, 'openapi', `${name}.json`), '--inlineBundle', '--output', target, '--config', join(root, 'redocly.yaml')],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}build-docs failed for openapi/${name}.json (exit ${result.status})\n`);
    process.exit(1);
  }
  // Redoc's attribution badge loads its logo from Redocly's CDN: the page keeps the badge and its link, without the image.
  writeFileSync(target, readFileSync(target, 'utf8').replace(/https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g, 'data:,'));
  process.stdout.write(`wrote ${target} (open it in a browser: file://${target})\n`);
}
