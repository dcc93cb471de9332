// keys:rotate | keys:list: token signing keys. keys:reencrypt: the secrets at rest in the current format.
import { INestApplicationContext } from '@nestjs/common';
import { KeyReencryptionService, SigningKeysService } from '@gateway/domain';
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
  out.result(
    done,
    `re-encrypted ${done.signingKeys} signing key${done.signingKeys === 1 ? '' : 's'} and the secrets of ${done.webhookEndpoints} webhook endpoint${done.webhookEndpoints === 1 ? '' : 's'}`,
  );
}
