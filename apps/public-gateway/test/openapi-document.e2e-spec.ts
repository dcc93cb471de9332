// The served OpenAPI document of the public gateway: lint-clean (Redocly), version and security as the
// spec says, every public operation present, closed schemas where the spec says so.
import request from 'supertest';
import { expectCheckedAnswers, lintOpenApiDocument, openApiExampleFailures, rateLimitFieldsDocumented } from '@gateway/testing';
import { usePublicGateway } from './support/start-public-gateway';

// This file reads the document itself (an undocumented route), not answers the document describes.
expectCheckedAnswers(0);

describe('the public OpenAPI document', () => {
  const { gateway } = usePublicGateway();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON document, read field by field
  let publicDocument: Record<string, any>;

  beforeAll(async () => {
    publicDocument = (await request(gateway.app.getHttpServer()).get('/openapi.json').expect(200)).body;
  });

  it('describes every public operation, the token endpoint included', () => {
    const operations = Object.entries(publicDocument.paths).flatMap(([path, methods]) =>
      Object.keys(methods as object).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(operations.sort()).toEqual(
      [
        'GET /v0/organizations/{organizationId}/invoices/{invoiceId}',
        'GET /v0/organizations/{organizationId}/invoices',
        'GET /v0/organizations/{organizationId}/inventory',
        'GET /v0/whoami',
        'GET /v0/organizations',
        'POST /oauth2/token',
        'POST /v0/organizations/{organizationId}/stores/{storeId}/sales-orders',
        'GET /v0/organizations/{organizationId}/stores/{storeId}/sales-orders',
        'GET /v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}',
        'PATCH /v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}',
        'POST /v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/cancel',
        'GET /v0/organizations/{organizationId}/retail-units',
        'POST /v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/returns',
        'GET /v0/organizations/{organizationId}/stores/{storeId}/sales-orders/{salesOrderId}/returns',
        'GET /v0/organizations/{organizationId}/returns',
        'GET /v0/organizations/{organizationId}/returns/{returnId}',
        'POST /v0/organizations/{organizationId}/returns/{returnId}/cancel',
        'POST /v0/organizations/{organizationId}/sandbox/simulations',
        'POST /v0/organizations/{organizationId}/webhook-endpoints',
        'GET /v0/organizations/{organizationId}/webhook-endpoints',
        'GET /v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}',
        'DELETE /v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}',
        'GET /v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}/deliveries',
        'PATCH /v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}',
        'POST /v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}/rotate-secret',
        'POST /v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}/test',
        'POST /v0/organizations/{organizationId}/webhook-endpoints/{webhookEndpointId}/recover',
        'GET /v0/organizations/{organizationId}/events',
        'POST /v0/organizations/{organizationId}/inbound-shipments',
        'GET /v0/organizations/{organizationId}/inbound-shipments',
        'GET /v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}',
        'PATCH /v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}',
        'POST /v0/organizations/{organizationId}/inbound-shipments/{inboundShipmentId}/cancel',
      ].sort(),
    );
  });

  it('describes the RateLimit fields on every answer of a bearer operation but its 401, with Retry-After on its 429, and on no other operation', () => {
    const { violations, described } = rateLimitFieldsDocumented(publicDocument);
    expect(violations).toEqual([]);
    expect(described).toBeGreaterThan(20);
  });

  it('documents one webhook per event type and the test event, its body the payload schema of its resource', () => {
    expect(Object.keys(publicDocument.webhooks).sort()).toEqual([
      'fulfilment_order.status_changed',
      'inbound_shipment.cancelled',
      'inbound_shipment.completed',
      'inbound_shipment.created',
      'inbound_shipment.received',
      'inbound_shipment.updated',
      'inventory_level.changed',
      'return.arrived',
      'return.cancelled',
      'return.completed',
      'return.created',
      'sales_order.cancelled',
      'sales_order.created',
      'sales_order.delivered',
      'sales_order.shipment_created',
      'sales_order.shipment_updated',
      'sales_order.shipped',
      'sales_order.updated',
      'webhook.test',
    ]);
    expect(publicDocument.webhooks['webhook.test'].post.requestBody.content['application/json'].schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/WebhookTestEventDto' }, { type: 'object', properties: { type: { const: 'webhook.test' } } }],
    });
    expect(publicDocument.webhooks['sales_order.shipped'].post.requestBody.content['application/json'].schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/SalesOrderWebhookEventDto' }, { type: 'object', properties: { type: { const: 'sales_order.shipped' } } }],
    });
    expect(publicDocument.webhooks['return.completed'].post.requestBody.content['application/json'].schema).toEqual({
      allOf: [{ $ref: '#/components/schemas/ReturnWebhookEventDto' }, { type: 'object', properties: { type: { const: 'return.completed' } } }],
    });
    expect(publicDocument.webhooks['inbound_shipment.received'].post.requestBody.content['application/json'].schema).toEqual({
      allOf: [
        { $ref: '#/components/schemas/InboundShipmentWebhookEventDto' },
        { type: 'object', properties: { type: { const: 'inbound_shipment.received' } } },
      ],
    });
    expect(publicDocument.components.schemas.InventoryLevelChangedDataDto.required.sort()).toEqual(['barcode', 'onHand', 'sellable', 'warehouseId']);
    expect(publicDocument.webhooks['inventory_level.changed'].post.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
  });

  it('carries the version of spec section 9, OpenAPI 3.1, the client-credentials and the bearer schemes', () => {
    expect(publicDocument.openapi).toBe('3.1.0');
    expect(publicDocument.info.version).toBe('2026-11-28');
    expect(publicDocument.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    // Swagger UI's Authorize button mints a token at the token endpoint of PUBLIC_BASE_URL (here the gateway's own URL).
    expect(publicDocument.components.securitySchemes.clientCredentials).toEqual({
      type: 'oauth2',
      description: expect.stringContaining('client_secret_basic'),
      flows: { clientCredentials: { tokenUrl: `${gateway.url}/oauth2/token`, scopes: {} } },
    });
    expect(publicDocument.paths['/oauth2/token'].post.security).toEqual([]);
    for (const [path, item] of Object.entries(publicDocument.paths as Record<string, Record<string, { security: object[] }>>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (path !== '/oauth2/token') expect([method, path, operation.security]).toEqual([method, path, [{ clientCredentials: [] }, { bearer: [] }]]);
      }
    }
  });

  it('gives every operation an example request filled with the demo data, so that "Try it out" works', () => {
    // Required parameters and bodies only: Swagger UI sends an optional parameter's example as if the user had typed it.
    for (const [path, item] of Object.entries(
      publicDocument.paths as Record<
        string,
        Record<
          string,
          { parameters?: { name: string; required?: boolean; examples?: object }[]; requestBody?: { content: Record<string, { examples?: object }> } }
        >
      >,
    )) {
      for (const [method, operation] of Object.entries(item)) {
        for (const parameter of (operation.parameters ?? []).filter((p) => p.required))
          expect([method, path, parameter.name, parameter.examples !== undefined]).toEqual([method, path, parameter.name, true]);
        for (const [type, content] of Object.entries(operation.requestBody?.content ?? {}))
          expect([method, path, type, content.examples !== undefined]).toEqual([method, path, type, true]);
      }
    }
    const salesOrders = publicDocument.paths['/v0/organizations/{organizationId}/stores/{storeId}/sales-orders'].post;
    expect(salesOrders.parameters.map((p: { name: string; examples: { demo: { value: string } } }) => [p.name, p.examples.demo.value])).toEqual([
      ['organizationId', '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01'],
      ['storeId', 'store-nordic-web'],
      ['Idempotency-Key', 'web-10001-attempt'],
    ]);
    expect(salesOrders.requestBody.content['application/json'].examples.demo.value.lineItems).toEqual([
      { sku: 'NOS-TENT-2P', barcode: '8710000000011', quantity: 1 },
    ]);
  });

  it('has an example for every 2xx answer with a body, every request body and every required parameter, each valid against its schema', () => {
    expect(openApiExampleFailures(publicDocument)).toEqual([]);
  });

  it('closes the schemas the spec closes and documents the error answers', () => {
    for (const name of ['MoneyDto', 'InvoiceListItemDto', 'InvoiceDetailDto', 'InvoiceLineItemDto', 'InventoryItemDto', 'InventoryGroupDto']) {
      expect([name, publicDocument.components.schemas[name].additionalProperties]).toEqual([name, false]);
    }
    expect(publicDocument.components.schemas.InvoiceListItemDto.properties.status.enum).toEqual([
      'FINALIZED',
      'PAID',
      'PAST_DUE',
      'VOIDED',
      'REFUNDED',
      'UNCOLLECTIBLE',
    ]);
    expect(publicDocument.components.schemas.InventoryItemDto.properties.onHand).toEqual(
      expect.objectContaining({ type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 }),
    );
    const invoices = publicDocument.paths['/v0/organizations/{organizationId}/invoices'].get.responses;
    expect(Object.keys(invoices).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500', '503']);
    expect(invoices['403'].content['application/problem+json'].schema).toEqual({ $ref: '#/components/schemas/ProblemDetailsDto' });
  });

  it('states the product limits beyond the spec where the sales-order body is described', () => {
    const schemas = publicDocument.components.schemas;
    const order = schemas.CreateSalesOrderDto.properties;
    expect(order.orderReference).toEqual(expect.objectContaining({ type: 'string', minLength: 1, maxLength: 200 }));
    expect(order.note).toEqual(expect.objectContaining({ type: 'string', maxLength: 2000 }));
    expect(order.lineItems).toEqual(expect.objectContaining({ type: 'array', minItems: 1, maxItems: 500 }));
    expect(order.placedAt).toEqual(expect.objectContaining({ type: 'string' }));
    // placedAt takes ISO 8601 forms RFC 3339 (format date-time) does not.
    expect(order.placedAt.format).toBeUndefined();
    const customer = schemas.CustomerInput.properties;
    expect(customer.firstName).toEqual(expect.objectContaining({ minLength: 1, maxLength: 200 }));
    expect(customer.lastName).toEqual(expect.objectContaining({ maxLength: 200 }));
    expect(customer.contactNumber).toEqual(expect.objectContaining({ maxLength: 50 }));
    expect(customer.email).toEqual(expect.objectContaining({ format: 'email', maxLength: 320 }));
    const line = schemas.SalesOrderLineInput.properties;
    expect(line.name).toEqual(expect.objectContaining({ maxLength: 500 }));
    expect(line.sku).toEqual(expect.objectContaining({ minLength: 1, maxLength: 200 }));
    expect(line.barcode).toEqual(expect.objectContaining({ pattern: '^[A-Za-z0-9._-]{1,100}$' }));
    expect(line.harmonizedCode).toEqual(expect.objectContaining({ pattern: '^[0-9A-Za-z. ]{1,20}$' }));
    expect(schemas.CreateSalesOrderDto.required).toEqual(['orderReference', 'customer', 'lineItems']);
    expect(schemas.CustomerInput.required).toEqual(['firstName']);
    expect(schemas.SalesOrderLineInput.required).toEqual(['sku', 'quantity']);
  });

  it('documents each path parameter once, with the rule the gateway enforces', () => {
    const detail = publicDocument.paths['/v0/organizations/{organizationId}/invoices/{invoiceId}'].get.parameters;
    expect(detail.filter((p: { in: string }) => p.in === 'path')).toEqual([
      {
        name: 'organizationId',
        in: 'path',
        required: true,
        description: 'the organization (a UUID, in any case)',
        schema: { type: 'string', format: 'uuid' },
        examples: { demo: { summary: 'in the demo data', value: '0b7d7c52-3f1e-4c2a-9a51-6f2d1b8e4a01' } },
      },
      {
        name: 'invoiceId',
        in: 'path',
        required: true,
        description: 'the invoice',
        schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,100}$' },
        examples: { demo: { summary: 'in the demo data', value: 'inv-2026-0001' } },
      },
    ]);
    for (const [path, item] of Object.entries(
      publicDocument.paths as Record<string, Record<string, { parameters?: { name: string; in: string; schema?: object }[] }>>,
    )) {
      for (const operation of Object.values(item)) {
        for (const name of path.match(/\{(\w+)\}/g)?.map((t) => t.slice(1, -1)) ?? []) {
          const documented = (operation.parameters ?? []).filter((p) => p.in === 'path' && p.name === name);
          expect([path, name, documented.length, documented[0]?.schema !== undefined]).toEqual([path, name, 1, true]);
        }
      }
    }
  });

  it('describes whoami as four closed caller shapes, selected by clientType through an explicit mapping', () => {
    const shapes = { USER: 'UserCallerDto', ORGANIZATION: 'OrganizationCallerDto', CONNECTOR: 'ConnectorCallerDto', SERVICE: 'ServiceCallerDto' };
    const answer = publicDocument.paths['/v0/whoami'].get.responses['200'].content['application/json'].schema;
    expect(answer).toEqual({
      oneOf: Object.values(shapes).map((name) => ({ $ref: `#/components/schemas/${name}` })),
      discriminator: {
        propertyName: 'clientType',
        mapping: Object.fromEntries(Object.entries(shapes).map(([type, name]) => [type, `#/components/schemas/${name}`])),
      },
    });
    for (const [type, name] of Object.entries(shapes)) {
      const schema = publicDocument.components.schemas[name];
      expect([name, schema.additionalProperties, schema.required]).toEqual([name, false, expect.arrayContaining(['clientType', 'clientId'])]);
      expect([name, schema.properties.clientType]).toEqual([name, { type: 'string', enum: [type] }]);
    }
  });

  it('passes the Redocly linter', () => {
    const { code, output } = lintOpenApiDocument(publicDocument);
    expect(code === 0 ? 'clean' : output).toBe('clean');
  });
});
