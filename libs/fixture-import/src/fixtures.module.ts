import { Module } from '@nestjs/common';
import { DomainEventRepository } from '@gateway/persistence';
import { FixtureImportService } from './use-cases/fixture-import.service';
import { FixtureRepository } from './repositories/fixture.repository';

@Module({
  providers: [FixtureImportService, FixtureRepository, DomainEventRepository],
  exports: [FixtureImportService],
})
export class FixturesModule {}
