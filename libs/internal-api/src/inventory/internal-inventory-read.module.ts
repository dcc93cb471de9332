import { Module } from '@nestjs/common';
import { InternalInventoryReadService } from './use-cases/internal-inventory-read.service';

@Module({
  providers: [InternalInventoryReadService],
  exports: [InternalInventoryReadService],
})
export class InternalInventoryReadModule {}
