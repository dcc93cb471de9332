// A stranger's flood of tokens naming random keys: no credentials needed, each token a real token of
// the issuer with its `kid` replaced, so only the unknown key is wrong with it.
import { randomUUID } from 'node:crypto';

export interface Flood {
  /** Stops the flood; resolves with the statuses it was answered, by status. */
  stop(): Promise<Map<number, number>>;
}

export function startUnknownKidFlood(baseUrl: string, path: string, template: string, concurrency = 8): Flood {
  const [header, payload, signature] = template.split('.');
  const headerMembers = JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>;
  const statuses = new Map<number, number>();
  let running = true;
  const loop = async () => {
    while (running) {
      const kid = `flood-${randomUUID()}`;
      const token = `${Buffer.from(JSON.stringify({ ...headerMembers, kid })).toString('base64url')}.${payload}.${signature}`;
      const status = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(
        async (res) => (await res.arrayBuffer(), res.status),
        () => 0,
      );
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const loops = Array.from({ length: concurrency }, loop);
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return statuses;
    },
  };
}

export interface RotationDuringFlood {
  /** Statuses of a token of the key held before the flood, asked every 200 ms through the flood. */
  oldKey: number[];
  /** Statuses of a token of the key rotated in after the flood began, asked every 200 ms from then on, with ms since rotation. */
  newKey: { ms: number; status: number }[];
  flood: Map<number, number>;
}

/**
 * A key rotated during a flood: a flood of unknown kids runs; after a second the issuer's key is rotated
 * (`rotate`), and tokens of both keys are asked for `watchMs` while the flood goes on.
 */
export async function rotationDuringFlood(options: {
  baseUrl: string;
  path: string;
  /** A token signed with the key used before the rotation. */
  oldToken: string;
  rotate(): Promise<void>;
  /** Signs a token with the key active now. */
  newToken(): Promise<string>;
  watchMs: number;
}): Promise<RotationDuringFlood> {
  const ask = (token: string) =>
    fetch(`${options.baseUrl}${options.path}`, { headers: { authorization: `Bearer ${token}` } }).then(
      async (res) => (await res.arrayBuffer(), res.status),
      () => 0,
    );
  const flood = startUnknownKidFlood(options.baseUrl, options.path, options.oldToken);
  const oldKey: number[] = [];
  const newKey: { ms: number; status: number }[] = [];
  try {
    await new Promise((r) => setTimeout(r, 1_000));
    await options.rotate();
    const rotatedAt = Date.now();
    const token = await options.newToken();
    while (Date.now() - rotatedAt < options.watchMs) {
      const [status, oldStatus] = await Promise.all([ask(token), ask(options.oldToken)]);
      newKey.push({ ms: Date.now() - rotatedAt, status });
      oldKey.push(oldStatus);
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    await flood.stop();
    throw error;
  }
  return { oldKey, newKey, flood: await flood.stop() };
}

/**
 * What went wrong in a rotation during a flood (empty when nothing did): every flood token a 401, the
 * key held before answering 200 throughout, and the new key answering 200 within one on-demand interval
 * (`onDemandGapMs`) of the rotation and every time after.
 */
export function rotationDuringFloodProblems(seen: RotationDuringFlood, onDemandGapMs: number): string[] {
  const problems: string[] = [];
  const floodStatuses = [...seen.flood.entries()].map(([status, count]) => `${count} × ${status}`).join(', ');
  if ([...seen.flood.keys()].join() !== '401' || (seen.flood.get(401) ?? 0) < 100) problems.push(`the flood was answered ${floodStatuses}`);
  if (!seen.oldKey.every((status) => status === 200)) problems.push(`a token of the key held before answered ${seen.oldKey.join()}`);
  const firstOk = seen.newKey.findIndex((a) => a.status === 200);
  if (firstOk < 0 || seen.newKey[firstOk].ms > onDemandGapMs + 1_000 || !seen.newKey.slice(firstOk).every((a) => a.status === 200)) {
    problems.push(`a token of the key rotated in answered ${seen.newKey.map((a) => `${a.status}@${a.ms}ms`).join(', ')}`);
  }
  return problems;
}
