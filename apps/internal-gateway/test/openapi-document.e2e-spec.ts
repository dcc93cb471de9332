// The served OpenAPI document of the internal gateway: lint-clean, bearer-secured operations.
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createLogger, loadConfig } from '@gateway/platform';
import { TestDatabase, createTestDatabase, gatewayTestEnv, lintOpenApiDocument } from '@gateway/testing';
import { createInternalGateway } from '../src/app/create-internal-gateway';
import { InternalGatewayConfig } from '../src/app/internal-gateway.config';

describe('the internal OpenAPI document', () => {
  let database: TestDatabase;
  let app: NestExpressApplication;
  let document: Record<string, any>;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createInternalGateway(loadConfig(InternalGatewayConfig, gatewayTestEnv(database.url)), createLogger({ name: 'test', level: 'silent' }));
    await app.init();
    document = (await request(app.getHttpServer()).get('/openapi.json').expect(200)).body;
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('secures every operation with the bearer scheme', () => {
    expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item as Record<string, { security?: unknown }>)) {
        expect([method, path, operation.security]).toEqual([method, path, [{ bearer: [] }]]);
      }
    }
  });

  it.each([
    ['get', '/organizations/{organizationId}/inventory', 'listOrganizationInventory', ['200', '400', '401', '404', '500'], 'InventoryListDto'],
    ['get', '/organizations/{organizationId}/warehouses/{warehouseId}/inventory', 'listWarehouseInventory', ['200', '400', '401', '404', '500'], 'InventoryListDto'],
    ['get', '/organizations/{organizationId}/warehouses/{warehouseId}/inventory/{barcode}', 'getInventoryLevel', ['200', '400', '401', '404', '500'], 'InventoryLevelDto'],
    ['post', '/organizations/{organizationId}/retail-units/{barcode}/archive', 'archiveRetailUnit', ['200', '400', '401', '404', '500'], 'RetailUnitArchivalDto'],
    ['post', '/organizations/{organizationId}/fulfilment-orders/{fulfilmentOrderId}/cancel', 'cancelFulfilmentOrder', ['200', '400', '401', '404', '409', '500'], 'FulfilmentOrderCancellationDto'],
    ['post', '/organizations/{organizationId}/fulfilment-orders/{fulfilmentOrderId}/withdraw', 'withdrawFulfilmentOrder', ['200', '400', '401', '404', '409', '500'], 'ReleasedLineDto[]'],
    ['get', '/fulfilment-orders/{fulfilmentOrderId}/back-order', 'getBackOrder', ['200', '400', '401', '404', '500'], 'BackOrderViewDto'],
    ['post', '/internal-tools/dispatch-command', 'dispatchCommand', ['200', '400', '401', '500'], 'DispatchCommandOutcomeDto'],
    ['post', '/internal-tools/clarify-inventory-levels', 'clarifyInventoryLevels', ['202', '400', '401', '404', '500'], 'ClarificationAcknowledgedDto'],
  ])('documents %s %s (%s) with its answers, errors as problem bodies', (method, path, operationId, statuses, success) => {
    const operation = document.paths[path]?.[method];
    expect(operation?.operationId).toBe(operationId);
    expect(Object.keys(operation.responses).sort()).toEqual(statuses);
    const [status] = statuses;
    const schema = operation.responses[status].content['application/json'].schema;
    expect(schema.type === 'array' ? `${schema.items.$ref.split('/').pop()}[]` : schema.$ref.split('/').pop()).toBe(success);
    for (const error of statuses.slice(1)) {
      expect([error, operation.responses[error].content['application/problem+json'].schema]).toEqual([error, { $ref: '#/components/schemas/ProblemDetailsDto' }]);
    }
  });

  it('closes every answer schema of the inventory, fulfilment and tool operations', () => {
    for (const name of ['InventoryLevelDto', 'InventoryListDto', 'InventoryListItemDto', 'RetailUnitArchivalDto', 'FulfilmentOrderCancellationDto', 'ReleasedLineDto', 'BackOrderViewDto', 'BackOrderLineDto', 'DispatchCommandOutcomeDto', 'FulfilmentOrderStatusDto', 'InventoryRebuildDto', 'RebuiltLevelDto', 'ClarificationAcknowledgedDto', 'ClarifyInventoryLevelsDto', 'ReceiveStockBody', 'FulfilmentOrderCommandBody', 'RebuildInventoryLevelsBody']) {
      expect([name, document.components.schemas[name]?.additionalProperties]).toEqual([name, false]);
    }
    expect(document.components.schemas.InventoryLevelDto.required).toEqual(['organizationId', 'warehouseId', 'barcode', 'fulfillable', 'allocated', 'pendingAllocation', 'sellable', 'onHand']);
    for (const quantity of ['fulfillable', 'allocated', 'pendingAllocation', 'sellable', 'onHand']) expect(document.components.schemas.InventoryLevelDto.properties[quantity].type).toBe('integer');
  });

  it('documents dispatch-command as one closed variant per command, each tying commandName to its body', () => {
    const variants = document.paths['/internal-tools/dispatch-command'].post.requestBody.content['application/json'].schema.oneOf;
    expect(variants.map((v: { properties: { commandName: { enum: string[] }; commandBody: { $ref: string } } }) => [v.properties.commandName.enum[0], v.properties.commandBody.$ref.split('/').pop()])).toEqual([
      ['RECEIVE_STOCK', 'ReceiveStockBody'],
      ['ALLOCATE_FULFILMENT_ORDER', 'FulfilmentOrderCommandBody'],
      ['SHIP_FULFILMENT_ORDER', 'FulfilmentOrderCommandBody'],
      ['REBUILD_INVENTORY_LEVELS', 'RebuildInventoryLevelsBody'],
    ]);
    for (const variant of variants) expect(variant.additionalProperties).toBe(false);
  });

  it('passes the Redocly linter', () => {
    const { code, output } = lintOpenApiDocument(document);
    expect(code === 0 ? 'clean' : output).toBe('clean');
  });
});
