// How the compose tests' drivers (scale-test.mjs, ha-test.mjs) find a service's containers and the host ports
// they publish: with the docker CLI (a Go binary, some tens of milliseconds of CPU a call) and the labels
// docker-compose puts on each container, not with docker-compose v1 itself (a Python program, about a second
// of CPU a call). The drivers poll these while they measure: at a second of CPU every poll, on a machine of two
// cores, the driver took the CPU whose lack it then measured in the gateways' latency.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);
const output = async (command, args) => (await run(command, args, { maxBuffer: 64 * 1024 * 1024 })).stdout.trim();

export const docker = (...args) => output('docker', args);
/** docker-compose v1, for what only it does (start a service, bring up a profile). */
export const dockerCompose = (...args) => output('docker-compose', ['--ansi', 'never', ...args]);

/** The ids of a service's containers in this project (COMPOSE_PROJECT_NAME), running or not, by name; one-off `run` containers left out. */
export async function containerIds(service) {
  const project = process.env.COMPOSE_PROJECT_NAME;
  if (!project) throw new Error('COMPOSE_PROJECT_NAME is not set');
  const listed = await docker(
    'ps',
    '--all',
    '--filter',
    `label=com.docker.compose.project=${project}`,
    '--filter',
    `label=com.docker.compose.service=${service}`,
    '--filter',
    'label=com.docker.compose.oneoff=False',
    '--format',
    '{{.Names}} {{.ID}}',
  );
  return listed
    .split('\n')
    .filter(Boolean)
    .sort()
    .map((line) => line.split(' ')[1]);
}

/** The port on 127.0.0.1 that the service's first container publishes `port` (TCP) on. */
export async function hostPort(service, port) {
  const [id] = await containerIds(service);
  if (!id) throw new Error(`${service}: no container`);
  const published = Number((await docker('port', id, `${port}/tcp`)).split('\n')[0].split(':').pop());
  if (!Number.isInteger(published) || published <= 0) throw new Error(`${service}: port ${port} is not published`);
  return published;
}
