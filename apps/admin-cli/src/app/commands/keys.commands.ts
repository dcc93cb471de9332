// keys:rotate | keys:list: token signing keys. keys:reencrypt: the secrets at rest in the current format.
import { INestApplicationContext } from '@nestjs/common';
import { KeyReencryptionService, SigningKeysService, describeReencryption } from '@gateway/domain';
import { CliFailure, Output } from '../output';

export async function rotateKeysCommand(app: INestApplicationContext, out: Output): Promise<void> {
  const keys = app.get(SigningKeysService);
  // A new key under another KEY_ENCRYPTION_KEY would sit beside keys the gateway can no longer read.
  const problem = await keys.keyEncryptionKeyProblem();
  if (problem) throw new CliFailure(`KEY_ENCRYPTION_KEY ${problem}; nothing was rotated`);
  const key = await keys.rotate();
  out.result(key, `new signing key ${key.kid}; the previous key stays published until its tokens have expired`);
}

export async function listKeysCommand(app: INestApplicationContext, out: Output): Promise<void> {
  const keys = await app.get(SigningKeysService).list();
  out.result(
    keys,
    keys.length
      ? keys
          .map((k) => `${k.kid}  ${k.algorithm}  ${k.status.padEnd(9)}  created ${k.createdAt}${k.publishUntil ? `  published until ${k.publishUntil}` : ''}`)
          .join('\n')
      : 'no keys yet',
  );
}

export async function reencryptKeysCommand(app: INestApplicationContext, out: Output): Promise<void> {
  const reencryption = app.get(KeyReencryptionService);
  // Rows that another key encrypted would be left as they are; refuse before writing any.
  const problem = await reencryption.problem();
  if (problem) throw new CliFailure(`KEY_ENCRYPTION_KEY ${problem}; nothing was re-encrypted`);
  const done = await reencryption.reencrypt();
  // A rotation or an endpoint written by an older gateway meanwhile may leave some: run again until none is.
  const remaining = await reencryption.remaining();
  const none = remaining.signingKeys + remaining.webhookEndpoints === 0;
  out.result(
    { ...done, remaining },
    `re-encrypted ${describeReencryption(done)}; ${describeReencryption(remaining)} remain in the first format${none ? ' (KEY_ENCRYPTION_READ_V1=false may now be set)' : ''}`,
  );
}
