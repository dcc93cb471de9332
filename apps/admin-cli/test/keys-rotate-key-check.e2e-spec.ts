// keys:rotate under a KEY_ENCRYPTION_KEY that does not decrypt the stored keys is refused: a new key
// beside keys the gateway cannot read would leave the gateway unable to sign with either.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { TestDatabase, createTestDatabase } from '@gateway/testing';

const cli = join(__dirname, '../../../dist/apps/admin-cli/main.js');
const FIRST_KEY = Buffer.alloc(32, 7).toString('base64');
const OTHER_KEY = Buffer.alloc(32, 9).toString('base64');

function admin(database: TestDatabase, keyEncryptionKey: string, ...args: string[]) {
  const result = spawnSync(process.execPath, [cli, ...args], {
    env: { PATH: process.env.PATH, DATABASE_URL: database.url, KEY_ENCRYPTION_KEY: keyEncryptionKey },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('admin CLI keys:rotate and KEY_ENCRYPTION_KEY', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    await database.drop();
  });

  it('refuses (exit 1, nothing stored) a key that does not decrypt the stored keys, and rotates under the right one', () => {
    const first = admin(database, FIRST_KEY, 'keys:rotate', '--json');
    expect(first.code).toBe(0);
    const { kid } = JSON.parse(first.stdout);

    const refused = admin(database, OTHER_KEY, 'keys:rotate');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `error: KEY_ENCRYPTION_KEY does not decrypt 1 of the 1 stored signing keys (${kid}): it is not the key they were encrypted with; nothing was rotated\n`,
    );
    const listed = JSON.parse(admin(database, FIRST_KEY, 'keys:list', '--json').stdout);
    expect(listed.map((k: { kid: string; status: string }) => [k.kid, k.status])).toEqual([[kid, 'active']]);

    expect(admin(database, FIRST_KEY, 'keys:rotate').code).toBe(0);
  }, 120_000);
});
