// Builds the named apps (Nx cache makes this quick when nothing changed), showing the build's output
// only when it fails (on stderr, so that a command's stdout stays its own), then runs one of them in this process's place.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const nxEnv = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false', NX_SKIP_NX_CACHE: process.env.NX_SKIP_NX_CACHE ?? '' };

/** The bundle of a project: apps build into dist/apps/<name>, the projects at the root (bench, examples) into dist/<name>. */
const ROOT_PROJECTS = ['bench', 'examples'];
const mainOf = (project) => join(root, ROOT_PROJECTS.includes(project) ? join('dist', project) : join('dist/apps', project), 'main.js');

export function build(projects) {
  const skip = process.env.GATEWAY_SKIP_BUILD === '1' && projects.every((p) => existsSync(mainOf(p)));
  if (skip) return;
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/nx/dist/bin/nx.js'), 'run-many', '-t', 'build', '-p', projects.join(','), '--outputStyle=static'],
    { cwd: root, env: nxEnv, stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout}${result.stderr}`);
    process.stderr.write(`build failed for ${projects.join(', ')}\n`);
    process.exit(1);
  }
}

export function exec(project, args) {
  const child = spawn(process.execPath, ['--enable-source-maps', mainOf(project), ...args], { cwd: process.cwd(), stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
