import { Module } from '@nestjs/common';
import { RetailUnitArchivalService } from './use-cases/retail-unit-archival.service';

@Module({
  providers: [RetailUnitArchivalService],
  exports: [RetailUnitArchivalService],
})
export class RetailUnitsModule {}
