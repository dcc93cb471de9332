import { INestApplicationContext } from '@nestjs/common';
import { FixtureImportService, FixtureInvalidError, FixtureSyntaxError, ImportProgress } from '@gateway/fixture-import';
import { CliFailure, Output } from '../output';

/** On a terminal, one line on stderr that rewrites itself: the phase and the share of the file read. */
function terminalProgress(): { progress?: ImportProgress; done(): void } {
  if (!process.stderr.isTTY) return { done: () => undefined };
  let shown = '';
  return {
    progress: (phase, read, size) => {
      const line = `import: ${phase} ${size ? Math.floor((read / size) * 100) : 100}% of ${(size / 1e6).toFixed(1)} MB`;
      if (line !== shown) process.stderr.write(`\r${line}\u001b[K`);
      shown = line;
    },
    done: () => {
      if (shown) process.stderr.write('\r\u001b[K');
    },
  };
}

export async function importCommand(app: INestApplicationContext, file: string, out: Output): Promise<void> {
  const display = terminalProgress();
  try {
    const counts = await app.get(FixtureImportService).importFile(file, display.progress);
    display.done();
    const text = Object.entries(counts)
      .map(([section, c]) => `${section.padEnd(24)} ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged`)
      .join('\n');
    out.result(counts, text);
  } catch (error) {
    display.done();
    if (error instanceof FixtureInvalidError) {
      throw new CliFailure(`${file}: ${error.message} Nothing was written.\n${error.problems.map((p) => `  ${p.pointer || '/'}: ${p.message}`).join('\n')}`, {
        problems: error.problems,
      });
    }
    if (error instanceof FixtureSyntaxError || (error as NodeJS.ErrnoException).code) {
      throw new CliFailure(`cannot read ${file} as JSON: ${(error as Error).message}`);
    }
    throw error;
  }
}
