// The images start each gateway with the same Node.js flags as `npm start`, the bench and the resilience
// suite (GATEWAY_NODE_FLAGS): the Dockerfile cannot import the list, so this test holds the two together.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GATEWAY_NODE_FLAGS } from '@gateway/platform';

const dockerfile = readFileSync(join(__dirname, '../../Dockerfile'), 'utf8');

/** The exec-form CMD of a stage: the JSON array after CMD, up to the next FROM. */
function cmdOf(stage: string): string[] {
  const start = dockerfile.indexOf(` AS ${stage}\n`);
  if (start < 0) throw new Error(`no stage ${stage}`);
  const end = dockerfile.indexOf('\nFROM ', start);
  const body = dockerfile.slice(start, end < 0 ? undefined : end);
  const cmd = /^CMD (\[.*\])$/m.exec(body);
  if (!cmd) throw new Error(`no exec-form CMD in stage ${stage}`);
  return JSON.parse(cmd[1]);
}

describe('Dockerfile', () => {
  it.each(['public-gateway', 'internal-gateway'])('starts %s with GATEWAY_NODE_FLAGS', (stage) => {
    expect(cmdOf(stage)).toEqual(['node', ...GATEWAY_NODE_FLAGS, 'dist/main.js']);
  });
});
