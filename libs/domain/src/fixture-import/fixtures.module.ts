import { Module } from '@nestjs/common';
import { DomainEventRepository, FixtureRepository } from '@gateway/persistence';
import { FixtureImportService } from './use-cases/fixture-import.service';

@Module({
  providers: [FixtureImportService, FixtureRepository, DomainEventRepository],
  exports: [FixtureImportService],
})
export class FixturesModule {}
