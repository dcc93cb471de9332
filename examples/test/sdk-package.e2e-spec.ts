// @gateway/sdk as an integrator gets it: `npm pack` of its build (dist/libs/sdk), installed with npm into
// a new project outside the workspace (offline: its one dependency, openapi-fetch, comes packed from the
// workspace's node_modules), the quickstart example type-checked against the installed package and run as
// ES modules against the public gateway on the demo data; the CommonJS entry and the internal entry load too.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestClient } from '@gateway/testing';
import { DemoGateway, root, run, startDemoGateway } from './support/public-gateway-process';

const sdkVersion = JSON.parse(readFileSync(join(root, 'libs/sdk/package.json'), 'utf8')).version as string;

function sh(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout: 180_000,
    env: { ...process.env, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' },
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}\n${result.stderr}`);
  return `${result.stdout}${result.stderr}`;
}

describe('the @gateway/sdk package, packed and installed outside the workspace', () => {
  let gateway: DemoGateway;
  let project: string;
  const transcript: string[] = [];

  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'integrator-'));
    gateway = await startDemoGateway();
  }, 90_000);

  afterAll(async () => {
    process.stdout.write(`${transcript.join('\n')}\n`);
    await gateway?.stop();
    rmSync(project, { recursive: true, force: true });
  });

  it('packs, installs with its types, and runs the quickstart against a gateway (ES modules), the CommonJS and internal entries loading too', async () => {
    const tarballs = join(project, 'tarballs');
    mkdirSync(tarballs);
    sh(
      'npm',
      [
        'pack',
        join(root, 'dist/libs/sdk'),
        join(root, 'node_modules/openapi-fetch'),
        join(root, 'node_modules/openapi-typescript-helpers'),
        '--pack-destination',
        tarballs,
      ],
      root,
    );
    const packed = readdirSync(tarballs).sort();
    expect(packed).toEqual(expect.arrayContaining([`gateway-sdk-${sdkVersion}.tgz`]));
    transcript.push(`$ npm pack dist/libs/sdk  ->  ${packed.join(', ')}`);

    const app = join(project, 'app');
    mkdirSync(join(app, 'src'), { recursive: true });
    writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'integrator-app', version: '1.0.0', private: true, type: 'module' }, null, 2));
    const installed = sh('npm', ['install', '--offline', '--no-audit', '--no-fund', ...packed.map((file) => join(tarballs, file))], app);
    transcript.push(`$ npm install --offline ${packed.join(' ')}`, installed.trim());
    expect(JSON.parse(readFileSync(join(app, 'node_modules/@gateway/sdk/package.json'), 'utf8')).version).toBe(sdkVersion);

    // The webhook receiver's verifier (standardwebhooks), which an integrator installs from the registry: copied
    // from the workspace with its two dependencies, as the registry is out of reach here.
    for (const dependency of ['standardwebhooks', '@stablelib/base64', 'fast-sha256'])
      cpSync(join(root, 'node_modules', dependency), join(app, 'node_modules', dependency), { recursive: true });

    // The example's sources, compiled against the installed package's declarations. Relative imports of an ES
    // module name their file: the workspace's bundler needs no extension, Node does.
    for (const file of readdirSync(join(root, 'examples/src')).filter((name) => name.endsWith('.ts')))
      writeFileSync(join(app, 'src', file), readFileSync(join(root, 'examples/src', file), 'utf8').replace(/from '\.\/([\w-]+)'/g, "from './$1.js'"));
    writeFileSync(
      join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2023', 'dom'],
          types: [],
          typeRoots: [join(root, 'node_modules/@types')],
          strict: true,
          skipLibCheck: false,
          outDir: 'out',
          rootDir: 'src',
        },
        include: ['src'],
      }),
    );
    sh(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', app, '--types', 'node'], app);
    transcript.push('$ tsc -p . (examples/src/*.ts against node_modules/@gateway/sdk): no error');

    const client = await createTestClient(gateway.database.url, { type: 'SERVICE' });
    const example = run(join(app, 'out/main.js'), [], { GATEWAY_URL: gateway.url, CLIENT_ID: client.clientId, CLIENT_SECRET: client.clientSecret }, app);
    const code = await example.exit;
    transcript.push('$ node out/main.js', example.output().trim());
    expect([code, example.output()]).toEqual([0, expect.stringContaining('sent again with the same Idempotency-Key: the same order (replayed)\n')]);
    expect(example.output()).toContain('an unknown order: 404 /problems/not-found (The sales order does not exist in this store.)\n');
    expect(example.output()).toMatch(/\nlisted: quickstart-\d+ RECEIVED \(fulfilment OPEN\)\n/);

    writeFileSync(
      join(app, 'entries.cjs'),
      "const sdk = require('@gateway/sdk'); const internal = require('@gateway/sdk/internal');\n" +
        "console.log([typeof sdk.createPublicClient, typeof sdk.paginate, typeof sdk.ProblemError, typeof internal.createInternalClient, typeof internal.createPublicClient].join(' '));\n",
    );
    const entries = sh(process.execPath, ['entries.cjs'], app).trim();
    transcript.push('$ node entries.cjs (require)', entries);
    expect(entries).toBe('function function function function undefined');
    writeFileSync(
      join(app, 'entries.mjs'),
      "import { createInternalClient, ProblemError } from '@gateway/sdk/internal';\nconsole.log(typeof createInternalClient, typeof ProblemError);\n",
    );
    expect(sh(process.execPath, ['entries.mjs'], app).trim()).toBe('function function');
  }, 240_000);
});

describe('npm pack in libs/sdk itself', () => {
  it('is refused, naming the command that packs the build, and writes no tarball', () => {
    const destination = mkdtempSync(join(tmpdir(), 'sdk-pack-'));
    try {
      const result = spawnSync('npm', ['pack', '--pack-destination', destination], {
        cwd: join(root, 'libs/sdk'),
        encoding: 'utf8',
        timeout: 120_000,
        env: { ...process.env, npm_config_update_notifier: 'false' },
      });
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('npm pack refused: this folder holds the sources of @gateway/sdk, not its build.');
      expect(result.stderr).toContain('npx nx build sdk && npm pack dist/libs/sdk');
      expect(readdirSync(destination)).toEqual([]);
    } finally {
      rmSync(destination, { recursive: true, force: true });
    }
  });
});
