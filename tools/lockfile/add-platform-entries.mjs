// Adds package-lock.json entries for the other platforms' optional binaries (@swc/core-darwin-arm64 and the like)
// when the registry this lock was made from does not serve them, so that `npm ci` accepts the lock on every platform.
// Each entry copies its flags (dev, optional) from a sibling that was installed and takes os, cpu and libc from its
// name; npm skips it on a platform it does not fit, as it would with an entry made on the public registry.
// Usage: node tools/lockfile/add-platform-entries.mjs (after `npm install`; `npm ci` must then pass).
import { readFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const OS = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony'];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64'];
const FALLBACKS = {
  'sass-embedded-all-unknown': { cpu: ['!arm', '!arm64', '!riscv64', '!x64'] },
  'sass-embedded-unknown-all': { os: ['!android', '!darwin', '!linux', '!win32'] },
};

function platformOf(name) {
  if (FALLBACKS[name]) return FALLBACKS[name];
  const parts = name.split('/').pop().split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c)) ?? (parts.includes('arm') ? 'arm' : undefined);
  if (!os || !cpu) throw new Error(`cannot tell the platform of ${name}`);
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : os === 'linux' ? 'glibc' : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

function missing() {
  try {
    execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts'], { stdio: 'pipe' });
    return [];
  } catch (error) {
    return [...String(error.stderr).matchAll(/Missing: (\S+)@ from lock file/g)].map((m) => m[1]);
  }
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const names = missing();
for (const name of names) {
  const [parentKey, parent] = Object.entries(lock.packages).find(([, p]) => p.optionalDependencies?.[name]);
  const sibling = Object.entries(lock.packages).find(
    ([key, p]) => key !== parentKey && p.optional && Object.keys(parent.optionalDependencies).some((n) => key.endsWith(`node_modules/${n}`)),
  )?.[1];
  lock.packages[`node_modules/${name}`] = {
    version: parent.optionalDependencies[name],
    ...(sibling?.dev ? { dev: true } : {}),
    optional: true,
    ...platformOf(name),
  };
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`added ${names.length} platform entries`);
