// The sandbox's simulations (contract 6.10): a caller takes a warehouse step on its own sandbox's order,
// return, inbound shipment or stock. Who: for order and return actions whoever may create orders on the
// store, for RECEIVE_INBOUND and ADJUST_STOCK whoever may create inbound shipments; a live organization is
// refused (403 sandbox-only) before anything is read of it. An id unknown in the organization is a 404
// problem; the step itself is the domain's, in one transaction, and a step its state does not allow (the
// domain's 409) is the outcome FAILED with the staff command's reason, nothing changed.
import { Injectable } from '@nestjs/common';
import { NotFoundProblem, ProblemException } from '@gateway/platform';
import {
  Database,
  InboundShipmentRepository,
  OrganizationRepository,
  Queryable,
  RetailUnitRepository,
  ReturnRepository,
  SalesOrderRepository,
  ShipmentRepository,
} from '@gateway/persistence';
import { AuthenticatedCaller, OrganizationAccessPolicy, ShipmentDto, toReturnDto } from '@gateway/domain';
import { toSalesOrderView } from '../../orders';
import { SimulationOutcomeDto, SimulationRequest, SimulationResult } from '../dto/sandbox-simulation.dto';
import { SandboxSteps } from './sandbox-steps';

const ORDER_NOT_FOUND = 'The sales order does not exist in this organization.';

@Injectable()
export class SandboxSimulationsService {
  constructor(
    private readonly db: Database,
    private readonly access: OrganizationAccessPolicy,
    private readonly organizations: OrganizationRepository,
    private readonly salesOrders: SalesOrderRepository,
    private readonly shipments: ShipmentRepository,
    private readonly returns: ReturnRepository,
    private readonly inbound: InboundShipmentRepository,
    private readonly retailUnits: RetailUnitRepository,
    private readonly steps: SandboxSteps,
  ) {}

  async simulate(caller: AuthenticatedCaller, organizationId: string, body: SimulationRequest): Promise<SimulationOutcomeDto> {
    const identity = caller.identity;
    const initiator = identity.clientId;
    await this.access.assertCanAccessOrganization(identity, organizationId);
    if ((await this.organizations.environment(this.db, organizationId)) !== 'sandbox')
      throw new ProblemException(403, 'Simulations are for sandbox organizations only: this organization is live.', { type: 'sandbox-only' });

    switch (body.action) {
      case 'ALLOCATE': {
        const order = await this.orderFor(caller, organizationId, body.salesOrderId);
        return this.attempt(
          async (tx) => {
            await this.steps.allocate(tx, organizationId, order.fulfilmentOrderId, initiator);
            return {};
          },
          () => this.withSalesOrder(organizationId, order.id),
        );
      }
      case 'SHIP': {
        const order = await this.orderFor(caller, organizationId, body.salesOrderId);
        return this.attempt(
          async (tx) => ({ shipment: (await this.steps.ship(tx, organizationId, order.fulfilmentOrderId, initiator, body.shipment)).shipment }),
          (result) => this.withSalesOrder(organizationId, order.id, result),
        );
      }
      case 'UPDATE_SHIPMENT': {
        const found = await this.shipments.findWithSalesOrder(this.db, organizationId, body.shipmentId);
        if (!found) throw new NotFoundProblem('The shipment does not exist in this organization.');
        await this.access.assertCanCreateSalesOrder(identity, organizationId, found.storeId);
        return this.attempt(
          async (tx) => ({ shipment: (await this.steps.updateShipment(tx, organizationId, body.shipmentId, body.status, initiator)).shipment }),
          (result) => this.withSalesOrder(organizationId, found.salesOrderId, result),
        );
      }
      case 'DELIVER': {
        const order = await this.orderFor(caller, organizationId, body.salesOrderId);
        return this.attempt(
          async (tx) => {
            await this.steps.deliver(tx, organizationId, order.fulfilmentOrderId, initiator);
            return {};
          },
          () => this.withSalesOrder(organizationId, order.id),
        );
      }
      case 'RECEIVE_INBOUND': {
        await this.access.assertCanManageInboundStock(identity, organizationId);
        if (!(await this.inbound.find(this.db, organizationId, body.inboundShipmentId)))
          throw new NotFoundProblem('The inbound shipment does not exist in this organization.');
        return this.attempt(async (tx) => ({
          inboundShipment: await this.steps.receiveInbound(tx, organizationId, body.inboundShipmentId, initiator, body.lines),
        }));
      }
      case 'ARRIVE_RETURN':
      case 'PROCESS_RETURN': {
        const found = await this.returns.find(this.db, organizationId, body.returnId);
        if (!found) throw new NotFoundProblem('The return does not exist in this organization.');
        await this.access.assertCanCreateSalesOrder(identity, organizationId, found.storeId);
        return this.attempt(async (tx) => ({
          return: toReturnDto(
            body.action === 'ARRIVE_RETURN'
              ? await this.steps.arriveReturn(tx, organizationId, body.returnId, initiator)
              : await this.steps.processReturn(tx, organizationId, body.returnId, initiator, body.lines),
          ),
        }));
      }
      case 'ADJUST_STOCK': {
        await this.access.assertCanManageInboundStock(identity, organizationId);
        if (!(await this.retailUnits.find(this.db, organizationId, body.barcode)))
          throw new NotFoundProblem('The barcode is not a retail unit of this organization.');
        return this.attempt(async (tx) => {
          const { warehouseId, level } = await this.steps.adjustStock(tx, organizationId, body.barcode, body.quantity, initiator);
          const fulfillable = level.onHand - level.allocated;
          return { inventoryLevel: { warehouseId, barcode: body.barcode, ...level, fulfillable, sellable: fulfillable - level.pendingAllocation } };
        });
      }
    }
  }

  /** The order of the organization, when the caller may create orders on its store: 404 unknown, 403 a connector's other store. */
  private async orderFor(caller: AuthenticatedCaller, organizationId: string, salesOrderId: string): Promise<{ id: string; fulfilmentOrderId: string }> {
    const [order] = await this.salesOrders.findManyInOrganization(this.db, organizationId, [salesOrderId]);
    if (!order) throw new NotFoundProblem(ORDER_NOT_FOUND);
    await this.access.assertCanCreateSalesOrder(caller.identity, organizationId, order.storeId);
    return order;
  }

  /** The result with the sales order as it is after the step (read once the step has committed). */
  private async withSalesOrder(organizationId: string, salesOrderId: string, result: { shipment?: ShipmentDto } = {}): Promise<SimulationResult> {
    const [order] = await this.salesOrders.findManyInOrganization(this.db, organizationId, [salesOrderId]);
    return { salesOrder: toSalesOrderView(order), ...result };
  }

  /** The step in one transaction: SUCCESS with its result, or FAILED with the domain's reason when it refuses the step. */
  private async attempt<T extends SimulationResult>(
    step: (tx: Queryable) => Promise<T>,
    after: (result: T) => Promise<SimulationResult> = async (result) => result,
  ): Promise<SimulationOutcomeDto> {
    let result: T;
    try {
      result = await this.db.transaction(step);
    } catch (error) {
      if (error instanceof ProblemException && error.getStatus() === 409) return { outcome: 'FAILED', reason: error.problem.detail };
      throw error;
    }
    return { outcome: 'SUCCESS', result: await after(result) };
  }
}
