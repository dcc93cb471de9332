// The served OpenAPI document of the internal gateway: lint-clean, bearer-secured operations, closed
// schemas, query parameters with their ranges, and the problem answers of every operation.
import request from 'supertest';
import { committedOpenApiMismatch, expectCheckedAnswers, lintOpenApiDocument, openApiExampleFailures, rateLimitFieldsDocumented } from '@gateway/testing';
import { useInternalGateway } from './support/start-internal-gateway';

// This file reads the document itself (an undocumented route), not answers the document describes.
expectCheckedAnswers(0);

describe('the internal OpenAPI document', () => {
  const { gateway } = useInternalGateway();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document, read field by field
  let document: Record<string, any>;

  beforeAll(async () => {
    document = (await request(gateway.app.getHttpServer()).get('/openapi.json').expect(200)).body;
  });

  const operation = (method: string, path: string) => document.paths[path]?.[method];

  it('is openapi/internal.json, byte for byte (`npm run openapi` writes it)', () => {
    // The committed document names the token endpoint of the default PUBLIC_BASE_URL; this gateway's issuer is the test's.
    const withDefaultIssuer = JSON.parse(JSON.stringify(document).split(`"${gateway.issuer.url}/oauth2/token"`).join('"http://localhost:3000/oauth2/token"'));
    expect(committedOpenApiMismatch('internal', withDefaultIssuer)).toBeUndefined();
  });

  it("declares the client-credentials scheme at the public gateway's token endpoint, so that Swagger UI mints staff tokens", () => {
    expect(document.components.securitySchemes.clientCredentials).toEqual({
      type: 'oauth2',
      description: expect.stringContaining('--audience internal'),
      flows: { clientCredentials: { tokenUrl: `${gateway.issuer.url}/oauth2/token`, scopes: {} } },
    });
  });

  it('has an example for every 2xx answer with a body, every request body and every required parameter, each valid against its schema', () => {
    expect(openApiExampleFailures(document)).toEqual([]);
  });

  it('describes the RateLimit fields on every answer of a bearer operation but its 401, with Retry-After on its 429, and on no other operation', () => {
    const { violations, described } = rateLimitFieldsDocumented(document);
    expect(violations).toEqual([]);
    expect(described).toBeGreaterThan(20);
  });

  it('describes the release-channel, inventory-sync and events operations', () => {
    for (const [method, path] of [
      ['get', '/organizations/{organizationId}'],
      ['post', '/organizations/{organizationId}/release-channel'],
      ['get', '/internal-tools/release-channel-features'],
      ['post', '/organizations/{organizationId}/barcode-inventory-sync-overrides'],
      ['post', '/organizations/{organizationId}/default-inventory-sync'],
      ['get', '/internal-tools/events/by-barcode'],
    ]) {
      expect([method, path, operation(method, path) !== undefined]).toEqual([method, path, true]);
    }
  });

  it('documents each path parameter once, with the rule the gateway enforces', () => {
    const params = operation('get', '/organizations/{organizationId}/warehouses/{warehouseId}/inventory/{barcode}').parameters;
    expect(params.map((p: { name: string; in: string; schema: object }) => [p.name, p.in, p.schema])).toEqual([
      ['organizationId', 'path', { type: 'string', format: 'uuid' }],
      ['warehouseId', 'path', { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,100}$' }],
      ['barcode', 'path', { type: 'string', pattern: '^[A-Za-z0-9._-]{1,100}$' }],
    ]);
    for (const [path, item] of Object.entries(document.paths as Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>)) {
      for (const op of Object.values(item)) {
        for (const name of path.match(/\{(\w+)\}/g)?.map((t) => t.slice(1, -1)) ?? []) {
          expect([path, name, (op.parameters ?? []).filter((p) => p.in === 'path' && p.name === name).length]).toEqual([path, name, 1]);
        }
      }
    }
  });

  it('secures every operation with the bearer scheme, or a token of the client-credentials scheme', () => {
    expect(document.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, op] of Object.entries(item as Record<string, { security?: unknown }>)) {
        expect([method, path, op.security]).toEqual([method, path, [{ clientCredentials: [] }, { bearer: [] }]]);
      }
    }
  });

  it('documents the answers of each operation: its body, and problem bodies for 400, 401, 404, 429, 500 and 503', () => {
    const expected: [string, string, string, string[]][] = [
      ['get', '/organizations/{organizationId}', 'OrganizationRecordDto', ['200', '400', '401', '404', '429', '500', '503']],
      [
        'post',
        '/organizations/{organizationId}/release-channel',
        'ReleaseChannelAssignmentDto',
        ['200', '400', '401', '404', '413', '415', '429', '500', '503'],
      ],
      [
        'post',
        '/organizations/{organizationId}/barcode-inventory-sync-overrides',
        'InventorySyncResultDto',
        ['200', '400', '401', '404', '413', '415', '429', '500', '503'],
      ],
      [
        'post',
        '/organizations/{organizationId}/default-inventory-sync',
        'InventorySyncResultDto',
        ['200', '400', '401', '404', '413', '415', '429', '500', '503'],
      ],
      ['get', '/internal-tools/events/by-barcode', 'DomainEventPageDto', ['200', '400', '401', '404', '429', '500', '503']],
    ];
    for (const [method, path, schema, statuses] of expected) {
      const responses = operation(method, path).responses;
      expect([path, Object.keys(responses).sort()]).toEqual([path, statuses]);
      expect(responses['200'].content['application/json'].schema).toEqual({ $ref: `#/components/schemas/${schema}` });
      for (const status of statuses.filter((s) => s !== '200')) {
        expect(responses[status].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/ProblemDetailsDto' });
      }
    }
    const features = operation('get', '/internal-tools/release-channel-features').responses;
    expect(Object.keys(features).sort()).toEqual(['200', '401', '429', '500', '503']);
    expect(features['200'].content['application/json'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/ReleaseChannelFeatureDto' } });
  });

  it('describes the request bodies, the optional one of the reset included', () => {
    const body = (path: string) => operation('post', path).requestBody;
    expect(body('/organizations/{organizationId}/release-channel')).toEqual({
      required: true,
      content: {
        'application/json': {
          schema: { $ref: '#/components/schemas/AssignReleaseChannelDto' },
          examples: { demo: { summary: 'the demo organization to BETA', value: { releaseChannel: 'BETA' } } },
        },
      },
    });
    expect(body('/organizations/{organizationId}/barcode-inventory-sync-overrides').required).toBe(true);
    expect(body('/organizations/{organizationId}/default-inventory-sync').required).toBe(false);
    const overrides = document.components.schemas.BarcodeInventorySyncOverridesDto;
    expect(overrides.required).toEqual(['barcodes']);
    expect(overrides.properties.barcodes).toEqual(
      expect.objectContaining({
        type: 'array',
        minItems: 1,
        maxItems: 1000,
        uniqueItems: true,
        items: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,100}$', minLength: 1, maxLength: 100 },
      }),
    );
    expect(document.components.schemas.ReleaseChannel).toEqual(expect.objectContaining({ type: 'string', enum: ['STABLE', 'BETA', 'ALPHA'] }));
  });

  it('closes every schema of these operations', () => {
    for (const name of [
      'OrganizationRecordDto',
      'InventorySyncSettingsDto',
      'ReleaseChannelFeatureDto',
      'AssignReleaseChannelDto',
      'ReleaseChannelAssignmentDto',
      'BarcodeInventorySyncOverridesDto',
      'DefaultInventorySyncDto',
      'InventorySyncResultDto',
      'DomainEventDto',
      'DomainEventPageDto',
    ]) {
      expect([name, document.components.schemas[name].additionalProperties]).toEqual([name, false]);
    }
    const page = document.components.schemas.DomainEventPageDto;
    expect(page.required).toEqual(['items', 'nextCursor']);
    expect(page.properties.nextCursor.type).toEqual(['string', 'null']);
    expect(document.components.schemas.DomainEventDto.properties.sequence).toEqual(expect.objectContaining({ type: 'integer' }));
  });

  it('gives the query parameters of the events query with their ranges', () => {
    const params = Object.fromEntries(operation('get', '/internal-tools/events/by-barcode').parameters.map((p: { name: string }) => [p.name, p]));
    expect(Object.keys(params).sort()).toEqual(['barcode', 'cursor', 'endDate', 'limit', 'organizationId', 'startDate', 'timeWindowHours']);
    expect(params.organizationId).toEqual(expect.objectContaining({ in: 'query', required: true, schema: { type: 'string', format: 'uuid' } }));
    expect(params.barcode).toEqual(expect.objectContaining({ in: 'query', required: true }));
    expect(params.limit.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(params.timeWindowHours.schema).toEqual({ type: 'number', exclusiveMinimum: 0, maximum: 8784 });
    expect(params.startDate.schema).toEqual({ type: 'string', format: 'date-time' });
    expect(params.endDate.schema).toEqual({ type: 'string', format: 'date-time' });
    expect(params.cursor).toEqual(expect.objectContaining({ required: false, schema: { type: 'string', maxLength: 2048 } }));
  });

  it.each([
    ['get', '/organizations/{organizationId}/inventory', 'listOrganizationInventory', ['200', '400', '401', '404', '429', '500', '503'], 'InventoryListDto'],
    [
      'get',
      '/organizations/{organizationId}/warehouses/{warehouseId}/inventory',
      'listWarehouseInventory',
      ['200', '400', '401', '404', '429', '500', '503'],
      'InventoryListDto',
    ],
    [
      'get',
      '/organizations/{organizationId}/warehouses/{warehouseId}/inventory/{barcode}',
      'getInventoryLevel',
      ['200', '400', '401', '404', '429', '500', '503'],
      'InventoryLevelDto',
    ],
    [
      'post',
      '/organizations/{organizationId}/retail-units/{barcode}/archive',
      'archiveRetailUnit',
      ['200', '400', '401', '404', '429', '500', '503'],
      'RetailUnitArchivalDto',
    ],
    [
      'post',
      '/organizations/{organizationId}/fulfilment-orders/{fulfilmentOrderId}/cancel',
      'cancelFulfilmentOrder',
      ['200', '400', '401', '404', '409', '429', '500', '503'],
      'FulfilmentOrderCancellationDto',
    ],
    [
      'post',
      '/organizations/{organizationId}/fulfilment-orders/{fulfilmentOrderId}/withdraw',
      'withdrawFulfilmentOrder',
      ['200', '400', '401', '404', '409', '429', '500', '503'],
      'ReleasedLineDto[]',
    ],
    ['get', '/fulfilment-orders/{fulfilmentOrderId}/back-order', 'getBackOrder', ['200', '400', '401', '404', '429', '500', '503'], 'BackOrderViewDto'],
    ['post', '/internal-tools/dispatch-command', 'dispatchCommand', ['200', '400', '401', '413', '415', '429', '500', '503'], 'DispatchCommandOutcomeDto'],
    [
      'post',
      '/internal-tools/clarify-inventory-levels',
      'clarifyInventoryLevels',
      ['202', '400', '401', '404', '413', '415', '429', '500', '503'],
      'ClarificationAcknowledgedDto',
    ],
  ])('documents %s %s (%s) with its answers, errors as problem bodies', (method, path, operationId, statuses, success) => {
    const operation = document.paths[path]?.[method];
    expect(operation?.operationId).toBe(operationId);
    expect(Object.keys(operation.responses).sort()).toEqual(statuses);
    const [status] = statuses;
    const schema = operation.responses[status].content['application/json'].schema;
    expect(schema.type === 'array' ? `${schema.items.$ref.split('/').pop()}[]` : schema.$ref.split('/').pop()).toBe(success);
    for (const error of statuses.slice(1)) {
      expect([error, operation.responses[error].content['application/problem+json'].schema]).toEqual([
        error,
        { $ref: '#/components/schemas/ProblemDetailsDto' },
      ]);
    }
  });

  it('closes every answer schema of the inventory, fulfilment and tool operations', () => {
    for (const name of [
      'InventoryLevelDto',
      'InventoryListDto',
      'InventoryListItemDto',
      'RetailUnitArchivalDto',
      'FulfilmentOrderCancellationDto',
      'ReleasedLineDto',
      'BackOrderViewDto',
      'BackOrderLineDto',
      'DispatchCommandOutcomeDto',
      'FulfilmentOrderStatusDto',
      'InventoryRebuildDto',
      'RebuiltLevelDto',
      'ClarificationAcknowledgedDto',
      'ClarifyInventoryLevelsDto',
      'ReceiveStockBody',
      'FulfilmentOrderCommandBody',
      'RebuildInventoryLevelsBody',
    ]) {
      expect([name, document.components.schemas[name]?.additionalProperties]).toEqual([name, false]);
    }
    expect(document.components.schemas.InventoryLevelDto.required).toEqual([
      'organizationId',
      'warehouseId',
      'barcode',
      'fulfillable',
      'allocated',
      'pendingAllocation',
      'sellable',
      'onHand',
    ]);
    for (const quantity of ['fulfillable', 'allocated', 'pendingAllocation', 'sellable', 'onHand'])
      expect(document.components.schemas.InventoryLevelDto.properties[quantity].type).toBe('integer');
  });

  it('states the product limits beyond the spec where the clarify and rebuild bodies are described', () => {
    const barcodes = { type: 'array', items: { type: 'string', pattern: '^[A-Za-z0-9._-]{1,100}$' }, minItems: 1, maxItems: 1000 };
    const clarify = document.components.schemas.ClarifyInventoryLevelsDto;
    expect(clarify.properties.barcodes).toEqual(expect.objectContaining(barcodes));
    expect(clarify.properties.initiator).toEqual(expect.objectContaining({ type: 'string', minLength: 1, maxLength: 200 }));
    expect(clarify.required).toEqual(['organizationId', 'initiator', 'barcodes']);
    expect(document.components.schemas.RebuildInventoryLevelsBody.properties.barcodes).toEqual(expect.objectContaining(barcodes));
    expect(document.components.schemas.RebuildInventoryLevelsBody.required).toEqual(['barcodes']);
  });

  it('documents dispatch-command as one closed variant per command, each tying commandName to its body', () => {
    const variants = document.paths['/internal-tools/dispatch-command'].post.requestBody.content['application/json'].schema.oneOf;
    expect(
      variants.map((v: { properties: { commandName: { enum: string[] }; commandBody: { $ref: string } } }) => [
        v.properties.commandName.enum[0],
        v.properties.commandBody.$ref.split('/').pop(),
      ]),
    ).toEqual([
      ['RECEIVE_STOCK', 'ReceiveStockBody'],
      ['ALLOCATE_FULFILMENT_ORDER', 'FulfilmentOrderCommandBody'],
      ['SHIP_FULFILMENT_ORDER', 'ShipFulfilmentOrderBody'],
      ['REBUILD_INVENTORY_LEVELS', 'RebuildInventoryLevelsBody'],
      ['UPDATE_SHIPMENT', 'UpdateShipmentBody'],
      ['MARK_RETURN_ARRIVED', 'MarkReturnArrivedBody'],
      ['PROCESS_RETURN', 'ProcessReturnBody'],
      ['RECEIVE_INBOUND_SHIPMENT', 'ReceiveInboundShipmentBody'],
      ['CLOSE_INBOUND_SHIPMENT', 'CloseInboundShipmentBody'],
    ]);
    for (const variant of variants) expect(variant.additionalProperties).toBe(false);
  });

  it('passes the Redocly linter', () => {
    const { code, output } = lintOpenApiDocument(document);
    expect(code === 0 ? 'clean' : output).toBe('clean');
  });
});
