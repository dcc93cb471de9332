// The OpenAPI documentation of dispatch-command (the controller states its summary).
import { DEMO_ORGANIZATION_ID, operationDocs } from '@gateway/platform';
import { DispatchCommandOutcomeDto, dispatchCommandRequestSchema } from './dispatch-command.dto';

const command = (commandName: string, commandBody: object) => ({ commandName, organizationId: DEMO_ORGANIZATION_ID, commandBody });

export const COMMAND_DISPATCH_DOCS = operationDocs({
  dispatchCommand: {
    body: {
      schema: dispatchCommandRequestSchema(),
      examples: {
        receiveStock: {
          summary: 'ten tents received at Amsterdam',
          value: command('RECEIVE_STOCK', { warehouseId: 'wh-ams-1', barcode: '8710000000011', quantity: 10 }),
        },
        allocate: { summary: 'allocate an open fulfilment order', value: command('ALLOCATE_FULFILMENT_ORDER', { fulfilmentOrderId: 'fo-1002' }) },
        shipPart: {
          summary: 'ship one parcel of an allocated order, with its tracking (the rest stays allocated)',
          value: command('SHIP_FULFILMENT_ORDER', {
            fulfilmentOrderId: 'fo-1002',
            shipment: {
              carrier: 'PostNord',
              service: 'MyPack Home',
              trackingNumber: '00370712345678901234',
              trackingUrl: 'https://tracking.carrier.example/se/?id=00370712345678901234',
              lines: [{ barcode: '8710000000011', quantity: 1 }],
            },
          }),
        },
        shipAll: { summary: 'ship everything still unshipped, without tracking', value: command('SHIP_FULFILMENT_ORDER', { fulfilmentOrderId: 'fo-1002' }) },
        delivered: {
          summary: 'the carrier reports a parcel delivered',
          value: command('UPDATE_SHIPMENT', {
            shipmentId: '3f2b8c1e-5d4a-4e7b-9c6d-1a2b3c4d5e6f',
            status: 'DELIVERED',
            occurredAt: '2026-09-19T11:20:00+02:00',
          }),
        },
        returnArrived: {
          summary: 'a return arrived at the warehouse',
          value: command('MARK_RETURN_ARRIVED', { returnId: '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b' }),
        },
        processReturn: {
          summary: 'a return processed: two of three arrived, one restocked',
          value: command('PROCESS_RETURN', {
            returnId: '5b1c2d3e-4f50-4a61-8b72-9c8d7e6f5a4b',
            lines: [{ barcode: '8710000000011', receivedQuantity: 2, restockQuantity: 1 }],
          }),
        },
      },
    },
    answer: {
      type: DispatchCommandOutcomeDto,
      example: {
        outcome: 'SUCCESS',
        result: {
          organizationId: DEMO_ORGANIZATION_ID,
          warehouseId: 'wh-ams-1',
          barcode: '8710000000011',
          fulfillable: 48,
          allocated: 2,
          pendingAllocation: 4,
          sellable: 44,
          onHand: 50,
        },
      },
    },
    problems: [400, 413, 415, 500],
  },
});
