import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { validate } from 'class-validator';
import { HasLength, HasMaxLength, codePointLength } from './documented-rules';

class Reason {
  @HasLength(1, 4)
  text!: unknown;
}

class Note {
  @HasMaxLength(4, 'must be a short note')
  text!: unknown;
}

async function messages(target: Reason | Note): Promise<string[]> {
  return (await validate(target)).flatMap((e) => Object.values(e.constraints ?? {}));
}

const of = <T extends Reason | Note>(Type: new () => T, text: unknown): T => Object.assign(new Type(), { text });

describe('lengths in code points, as Postgres counts them', () => {
  it('counts a variation selector and a combining mark as characters of their own, a pair outside the BMP as one', () => {
    expect(codePointLength('a\uFE0F')).toBe(2);
    expect(codePointLength('e\u0301')).toBe(2);
    expect(codePointLength('\u{1F600}')).toBe(1);
    expect(codePointLength('\u{1F600}\u{1F4A5}x')).toBe(3);
    expect(codePointLength('\uD800x')).toBe(2);
    expect(codePointLength('')).toBe(0);
  });

  it('HasLength refuses what is longer in code points, though validator.js would count it shorter', async () => {
    expect(await messages(of(Reason, 'a\uFE0Fa\uFE0F'))).toEqual([]);
    expect(await messages(of(Reason, 'a\uFE0Fa\uFE0Fa'))).toEqual(['must be 1 to 4 characters']);
    expect(await messages(of(Reason, 'e\u0301e\u0301e'))).toEqual(['must be 1 to 4 characters']);
  });

  it('HasLength accepts four characters outside the BMP (eight UTF-16 units) and refuses five', async () => {
    expect(await messages(of(Reason, '\u{1F600}'.repeat(4)))).toEqual([]);
    expect(await messages(of(Reason, '\u{1F600}'.repeat(5)))).toEqual(['must be 1 to 4 characters']);
  });

  it('HasLength refuses the empty string and what is not a string', async () => {
    expect(await messages(of(Reason, ''))).toEqual(['must be 1 to 4 characters']);
    expect(await messages(of(Reason, 42))).toEqual(['must be 1 to 4 characters']);
  });

  it('HasMaxLength counts the same way, with its own message', async () => {
    expect(await messages(of(Note, ''))).toEqual([]);
    expect(await messages(of(Note, '\u{1F600}'.repeat(4)))).toEqual([]);
    expect(await messages(of(Note, 'a\uFE0F'.repeat(2) + 'x'))).toEqual(['must be a short note']);
  });

  it("no source counts lengths with class-validator's Length, MinLength or MaxLength (they count otherwise)", () => {
    const root = join(__dirname, '../../../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== 'node_modules' && name !== 'generated') walk(path);
        } else if (name.endsWith('.ts') && !name.endsWith('.spec.ts')) {
          const imports = readFileSync(path, 'utf8').match(/import\s*\{([^}]*)\}\s*from\s*'class-validator'/g) ?? [];
          if (imports.some((line) => /\b(Length|MinLength|MaxLength)\b/.test(line))) offenders.push(relative(root, path));
        }
      }
    };
    for (const top of ['libs', 'apps']) walk(join(root, top));
    expect(offenders).toEqual([]);
  });
});
