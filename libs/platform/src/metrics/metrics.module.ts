// One GatewayMetrics per application, available everywhere in it, and its /metrics server.
import { DynamicModule, Global, Module } from '@nestjs/common';
import { GatewayMetrics } from './gateway-metrics';
import { METRICS_OPTIONS, MetricsOptions, MetricsServer } from './metrics-server';

@Global()
@Module({})
export class MetricsModule {
  static forRoot(options: MetricsOptions): DynamicModule {
    return {
      module: MetricsModule,
      providers: [GatewayMetrics, { provide: METRICS_OPTIONS, useValue: options }, MetricsServer],
      exports: [GatewayMetrics, MetricsServer],
    };
  }
}
