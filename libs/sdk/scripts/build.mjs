// Builds the installable package into dist/libs/sdk (`nx build sdk`; `npm pack dist/libs/sdk` makes the
// tarball; `npm pack` in libs/sdk itself is refused, scripts/prepack.cjs): CommonJS in cjs/, ES modules in
// esm/ (relative imports given their .js extension, as Node's ESM loader requires), declarations in types/,
// and the package.json with the version of CHANGELOG.md's latest release (the documents' info.version, as a
// semantic version: 2026-09-18 is 2026.9.18).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const project = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(project, '../..');
const out = join(root, 'dist/libs/sdk');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const config = join(project, 'tsconfig.build.json');

rmSync(out, { recursive: true, force: true });
const compile = (dir, ...flags) => execFileSync(process.execPath, [tsc, '-p', config, '--outDir', join(out, dir), ...flags], { stdio: 'inherit' });
compile('cjs');
compile('esm', '--module', 'es2022', '--moduleResolution', 'bundler');
compile('types', '--declaration', '--emitDeclarationOnly');

// ESM needs file extensions on relative specifiers: ours have none in the sources (the workspace resolves them).
for (const file of readdirSync(join(out, 'esm'), { recursive: true }).filter((f) => String(f).endsWith('.js'))) {
  const path = join(out, 'esm', String(file));
  writeFileSync(
    path,
    readFileSync(path, 'utf8').replace(
      /(from\s+|import\s*\(\s*)(['"])(\.{1,2}\/[^'"]+?)(\2)/g,
      (_, lead, quote, specifier) => `${lead}${quote}${specifier}.js${quote}`,
    ),
  );
}
writeFileSync(join(out, 'esm/package.json'), `${JSON.stringify({ type: 'module' })}\n`);

const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8'));
const released = /^## \[(\d{4})-(\d{2})-(\d{2})\]/m.exec(readFileSync(join(root, 'CHANGELOG.md'), 'utf8'));
if (!released) throw new Error('CHANGELOG.md names no released version (## [YYYY-MM-DD] - date)');
const version = released.slice(1).map(Number).join('.');
if (manifest.version !== version) throw new Error(`libs/sdk/package.json has version ${manifest.version}, CHANGELOG.md's latest release is ${version}`);
// The source folder's prepack refuses `npm pack` there (scripts/prepack.cjs); the build's manifest has no scripts.
delete manifest.scripts;
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
cpSync(join(project, 'README.md'), join(out, 'README.md'));
mkdirSync(out, { recursive: true });
process.stdout.write(`built @gateway/sdk ${version} in ${out}\n`);
