import { Module } from '@nestjs/common';
import { InternalInventoryReadService } from './internal-inventory-read.service';

@Module({
  providers: [InternalInventoryReadService],
  exports: [InternalInventoryReadService],
})
export class InternalInventoryReadModule {}
