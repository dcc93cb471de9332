import { DynamicModule, Module } from '@nestjs/common';
import { OrganizationsModule } from '../organizations/organizations.module';
import { WEBHOOK_OPTIONS, WebhookEndpointsService, WebhookOptions } from './use-cases/webhook-endpoints.service';

@Module({})
export class WebhooksModule {
  static forRoot(options: WebhookOptions): DynamicModule {
    return {
      module: WebhooksModule,
      imports: [OrganizationsModule],
      providers: [{ provide: WEBHOOK_OPTIONS, useValue: options }, WebhookEndpointsService],
      exports: [WebhookEndpointsService],
    };
  }
}
