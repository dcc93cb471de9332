// The OpenAPI documentation of the sandbox's simulations (contract 6.10): the body as one closed variant per
// action, an example of each, and the answer.
import { getSchemaPath } from '@nestjs/swagger';
import { DEMO_ORGANIZATION_ID, operationDocs } from '@gateway/platform';
import { SIMULATION_ACTIONS, SIMULATION_BODIES, SimulationOutcomeDto } from './sandbox-simulation.dto';

/** Every body class, for @ApiExtraModels. */
export const SIMULATION_MODELS = SIMULATION_ACTIONS.map((action) => SIMULATION_BODIES[action]);

const SALES_ORDER_ID = '9865a2a3-90e1-4291-ba3e-1060283ba337';
const SHIPMENT_EXAMPLE = {
  id: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  status: 'SHIPPED',
  carrier: 'SANDBOX',
  trackingNumber: 'SBX5F3A9C2E7B1D4F60',
  trackingUrl: 'https://tracking.sandbox.invalid/SBX5F3A9C2E7B1D4F60',
  shippedAt: '2026-09-18T10:16:00.000Z',
  lines: [{ barcode: '8710000000011', sku: 'NOS-TENT-2P', quantity: 1 }],
};
const SHIPPED_ORDER_EXAMPLE = {
  id: SALES_ORDER_ID,
  organizationId: DEMO_ORGANIZATION_ID,
  environment: 'sandbox',
  storeId: 'store-sandbox',
  orderReference: 'test-10001',
  placedAt: '2026-09-18T10:15:00.000Z',
  createdAt: '2026-09-18T10:15:00.000Z',
  customer: { firstName: 'Anna', lastName: 'Berg' },
  lineItems: [{ sku: 'NOS-TENT-2P', barcode: '8710000000011', quantity: 1 }],
  fulfilmentOrderId: 'fo-ed7daaf8-82a7-4164-ac28-a1e15797757f',
  status: 'SHIPPED',
  fulfilmentStatus: 'SHIPPED',
  updatedAt: '2026-09-18T10:16:00.000Z',
  shipments: [SHIPMENT_EXAMPLE],
};

export const SANDBOX_DOCS = operationDocs({
  simulateSandboxStep: {
    description: [
      'For sandbox organizations only (contract 6.10): an organization is LIVE or SANDBOX, and a sandbox uses the same gateways, tokens, quotas and webhooks as a live one, with credentials of its own. A simulation takes one step the warehouse would take, with the same use case as the warehouse staff, so the answer, the events, the webhooks and the stock are those a live order gets.',
      'Actions: ALLOCATE, SHIP (a parcel of carrier SANDBOX with a made-up tracking number unless `shipment` is given; an order not allocated yet is allocated first), UPDATE_SHIPMENT, DELIVER (every shipment of the order delivered), RECEIVE_INBOUND (what is outstanding unless `lines` are given), ARRIVE_RETURN, PROCESS_RETURN (everything announced arrived and RESTOCK lines restocked unless `lines` are given), ADJUST_STOCK (onHand at the sandbox’s own warehouse up or down, a StockAdjusted event; never below what is allocated).',
      'Who: for order and return actions whoever may create orders on the store; for RECEIVE_INBOUND and ADJUST_STOCK whoever may announce inbound shipments. A live organization: a 403 problem (sandbox-only). An id unknown in the organization: 404. A step its state does not allow: 200 with outcome FAILED and the reason, nothing changed. An unknown action, or a property another action takes: 400 with pointers.',
      'With autoAdvance on, a sandbox’s orders, returns and inbound shipments move on by themselves, one step every few seconds, so a connector sees the whole life of an order without calling this.',
    ].join('\n\n'),
    body: {
      schema: {
        oneOf: SIMULATION_MODELS.map((model) => ({ $ref: getSchemaPath(model) })),
        discriminator: {
          propertyName: 'action',
          mapping: Object.fromEntries(SIMULATION_ACTIONS.map((action) => [action, getSchemaPath(SIMULATION_BODIES[action])])),
        },
      },
      examples: {
        allocate: { summary: 'allocate an order', value: { action: 'ALLOCATE', salesOrderId: SALES_ORDER_ID } },
        ship: { summary: 'ship everything in one SANDBOX parcel', value: { action: 'SHIP', salesOrderId: SALES_ORDER_ID } },
        shipPart: {
          summary: 'ship one parcel with tracking of your choosing',
          value: {
            action: 'SHIP',
            salesOrderId: SALES_ORDER_ID,
            shipment: { carrier: 'DHL', trackingNumber: 'TEST-0001', lines: [{ barcode: '8710000000011', quantity: 1 }] },
          },
        },
        inTransit: { summary: 'the carrier has the parcel', value: { action: 'UPDATE_SHIPMENT', shipmentId: SHIPMENT_EXAMPLE.id, status: 'IN_TRANSIT' } },
        deliver: { summary: 'every parcel of the order delivered', value: { action: 'DELIVER', salesOrderId: SALES_ORDER_ID } },
        receiveInbound: {
          summary: 'an inbound shipment received in full',
          value: { action: 'RECEIVE_INBOUND', inboundShipmentId: '5c0e7b9a-2f4d-4e8a-b1c3-9d8e7f6a5b4c' },
        },
        arriveReturn: { summary: 'a return arrives at the warehouse', value: { action: 'ARRIVE_RETURN', returnId: '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b' } },
        processReturn: {
          summary: 'a return processed: one arrived, none restocked',
          value: {
            action: 'PROCESS_RETURN',
            returnId: '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b',
            lines: [{ barcode: '8710000000011', receivedQuantity: 1, restockQuantity: 0 }],
          },
        },
        adjustStock: { summary: '25 more on hand', value: { action: 'ADJUST_STOCK', barcode: '8710000000011', quantity: 25 } },
      },
    },
    answer: {
      type: SimulationOutcomeDto,
      description: 'SUCCESS with what the step changed, or FAILED with the reason (nothing changed)',
      example: { outcome: 'SUCCESS', result: { salesOrder: SHIPPED_ORDER_EXAMPLE, shipment: SHIPMENT_EXAMPLE } },
    },
    problems: [
      400,
      {
        status: 403,
        description:
          'Forbidden: the organization is live (sandbox-only), the caller cannot access it, or its client may not take this action (a connector on a store not its own; RECEIVE_INBOUND and ADJUST_STOCK by a connector or a member)',
      },
      404,
      413,
      415,
      500,
    ],
  },
});
