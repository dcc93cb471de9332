// A secret for local runs (npm start, the admin CLI beside it): generated once into DATA_DIR with
// mode 0600, so that a newcomer needs no set-up. Deployments pass the variable instead.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export async function loadOrCreateLocalSecret(dataDir: string, name: string, bytes = 32): Promise<string> {
  const file = join(dataDir, name);
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(bytes).toString('base64');
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: 'wx' }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  return (await readFile(file, 'utf8')).trim();
}
