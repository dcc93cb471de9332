// The README is read by newcomers, often outside this machine: every link resolves inside the repository
// (a file or folder that exists, or a heading of the README), and no path points out of it. The Markdown of
// docs/ is read in diffs and terminals: no line of it is longer than 600 characters (prose is wrapped).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const root = join(__dirname, '../../..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
// Fenced code is not prose: a `[x](y)` there is not a link.
const prose = readme.replace(/```[\s\S]*?```/g, '');

/** GitHub's anchor of a heading: lower case, punctuation other than - and _ dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchors = new Set([...readme.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1])));

describe('README.md', () => {
  const links = [...prose.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);

  it('has links, and each resolves to a heading or to a file inside the repository', () => {
    expect(links.length).toBeGreaterThan(5);
    const broken = links.filter((link) => {
      if (/^https?:/.test(link)) return false;
      if (link.startsWith('#')) return !anchors.has(link.slice(1));
      const target = resolve(root, link.split('#')[0]);
      return relative(root, target).startsWith('..') || !existsSync(target);
    });
    expect(broken).toEqual([]);
  });

  it('names no path outside the repository', () => {
    expect(prose.match(/`\.\.\/[^`]*`/g) ?? []).toEqual([]);
  });

  it('uses no GNU-only option in its commands', () => {
    expect(readme).not.toMatch(/base64 -w/);
  });
});

describe('docs/', () => {
  const MAX_LINE = 600;
  const markdown = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? markdown(path) : entry.name.endsWith('.md') ? [path] : [];
    });

  it(`has no Markdown line over ${MAX_LINE} characters`, () => {
    const files = markdown(join(root, 'docs'));
    expect(files.length).toBeGreaterThan(10);
    const long = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => (line.length > MAX_LINE ? [`${relative(root, file)}:${i + 1} (${line.length} characters)`] : [])),
    );
    expect(long).toEqual([]);
  });
});
