// Gateways as real processes: the built bundles (dist/apps/*/main.js) started with node, as in production.
import { ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from '@gateway/dev-postgres';
import { GATEWAY_NODE_FLAGS } from '@gateway/platform';
import { TEST_KEY_ENCRYPTION_KEY } from '@gateway/testing';

export type GatewayName = 'public-gateway' | 'internal-gateway';

export interface GatewayProcess {
  name: GatewayName;
  url: string;
  port: number;
  child: ChildProcess;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The process's resident memory now, in kB. */
  rssKb(): Promise<number>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface GatewayOptions {
  databaseUrl: string;
  /** The issuer (a public gateway's URL); a public gateway defaults to its own URL. */
  issuer?: string;
  env?: Record<string, string>;
  /** A port of its own (to restart a gateway at the same URL); a free one otherwise. */
  port?: number;
}

const root = join(__dirname, '../../../..');

export async function startGateway(name: GatewayName, options: GatewayOptions): Promise<GatewayProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const portVariable = name === 'public-gateway' ? 'PUBLIC_GATEWAY_PORT' : 'INTERNAL_GATEWAY_PORT';
  const child = spawn(process.execPath, [...GATEWAY_NODE_FLAGS, join(root, 'dist/apps', name, 'main.js')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      HOST: '127.0.0.1',
      [portVariable]: String(port),
      DATABASE_URL: options.databaseUrl,
      PUBLIC_BASE_URL: options.issuer ?? url,
      KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
      ...options.env,
    },
    stdio: process.env.TEST_LOG_LEVEL ? ['ignore', 'inherit', 'inherit'] : 'ignore',
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const gateway: GatewayProcess = {
    name,
    url,
    port,
    child,
    exited,
    rssKb: async () => residentKb(child.pid as number),
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
  await waitUntilReady(gateway);
  return gateway;
}

export async function waitUntilReady(gateway: GatewayProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (gateway.child.exitCode !== null) throw new Error(`${gateway.name} exited with ${gateway.child.exitCode} before it was ready`);
    if (
      await fetch(`${gateway.url}/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${gateway.name} was not ready within ${timeoutMs} ms`);
}

async function residentKb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}
