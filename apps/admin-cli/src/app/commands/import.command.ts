import { readFile } from 'node:fs/promises';
import { INestApplicationContext } from '@nestjs/common';
import { FixtureImportService, FixtureInvalidError } from '@gateway/domain';
import { CliFailure, Output } from '../output';

export async function importCommand(app: INestApplicationContext, file: string, out: Output): Promise<void> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new CliFailure(`cannot read ${file} as JSON: ${(error as Error).message}`);
  }
  try {
    const counts = await app.get(FixtureImportService).import(data);
    const text = Object.entries(counts)
      .map(([section, c]) => `${section.padEnd(24)} ${c.inserted} inserted, ${c.updated} updated, ${c.unchanged} unchanged`)
      .join('\n');
    out.result(counts, text);
  } catch (error) {
    if (error instanceof FixtureInvalidError) {
      throw new CliFailure(
        `${file}: ${error.message} Nothing was written.\n${error.problems.map((p) => `  ${p.pointer || '/'}: ${p.message}`).join('\n')}`,
        { problems: error.problems },
      );
    }
    throw error;
  }
}
