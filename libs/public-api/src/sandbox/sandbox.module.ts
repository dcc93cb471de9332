// The sandbox (contract 6.10): simulations of the warehouse's steps and, where workers run, auto-advance.
import { DynamicModule, Module } from '@nestjs/common';
import { FulfilmentLifecycleModule, InboundStockModule, InventoryModule, OrganizationsModule, ReturnsModule } from '@gateway/domain';
import {
  InboundShipmentRepository,
  OrganizationRepository,
  RetailUnitRepository,
  ReturnRepository,
  SalesOrderRepository,
  ShipmentRepository,
} from '@gateway/persistence';
import { SandboxRepository } from '@gateway/persistence-public';
import { SANDBOX_OPTIONS, SandboxOptions } from './model/sandbox-options';
import { SandboxSteps } from './use-cases/sandbox-steps';
import { SandboxSimulationsService } from './use-cases/sandbox-simulations.service';
import { SandboxAutoAdvanceJob } from './use-cases/sandbox-auto-advance.job';

@Module({})
export class SandboxModule {
  static forRoot(options: SandboxOptions): DynamicModule {
    return {
      module: SandboxModule,
      imports: [InventoryModule, FulfilmentLifecycleModule, InboundStockModule, ReturnsModule, OrganizationsModule],
      providers: [
        { provide: SANDBOX_OPTIONS, useValue: options },
        SandboxSteps,
        SandboxSimulationsService,
        SandboxAutoAdvanceJob,
        SandboxRepository,
        InboundShipmentRepository,
        OrganizationRepository,
        RetailUnitRepository,
        ReturnRepository,
        SalesOrderRepository,
        ShipmentRepository,
      ],
      exports: [SandboxSimulationsService, SandboxAutoAdvanceJob],
    };
  }
}
