import { Module } from '@nestjs/common';
import { FixtureImportService } from './use-cases/fixture-import.service';

@Module({
  providers: [FixtureImportService],
  exports: [FixtureImportService],
})
export class FixturesModule {}
