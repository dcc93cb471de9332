// keys:rotate | keys:list: token signing keys.
import { INestApplicationContext } from '@nestjs/common';
import { SigningKeysService } from '@gateway/domain';
import { Output } from '../output';

export async function rotateKeysCommand(app: INestApplicationContext, out: Output): Promise<void> {
  const key = await app.get(SigningKeysService).rotate();
  out.result(key, `new signing key ${key.kid}; the previous key stays published until its tokens have expired`);
}

export async function listKeysCommand(app: INestApplicationContext, out: Output): Promise<void> {
  const keys = await app.get(SigningKeysService).list();
  out.result(keys, keys.length ? keys.map((k) => `${k.kid}  ${k.algorithm}  ${k.status.padEnd(9)}  created ${k.createdAt}${k.publishUntil ? `  published until ${k.publishUntil}` : ''}`).join('\n') : 'no keys yet');
}
