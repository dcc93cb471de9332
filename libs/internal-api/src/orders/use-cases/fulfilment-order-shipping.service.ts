// Shipping a fulfilment order (dispatch-command SHIP_FULFILMENT_ORDER): from PICKING, or from ALLOCATED by
// passing through PICKING (two status events, one transaction), to SHIPPED; allocated and onHand go down.
import { Injectable } from '@nestjs/common';
import { ConflictProblem } from '@gateway/platform';
import { Database } from '@gateway/persistence';
import { FulfilmentOrderTransitions, decideTransition } from '@gateway/domain';
import { FulfilmentOrderStatusDto } from '../dto/fulfilment-order-status.dto';

@Injectable()
export class FulfilmentOrderShippingService {
  constructor(
    private readonly db: Database,
    private readonly transitions: FulfilmentOrderTransitions,
  ) {}

  async ship(organizationId: string, fulfilmentOrderId: string, initiator: string): Promise<FulfilmentOrderStatusDto> {
    return this.db.transaction(async (tx) => {
      let order = await this.transitions.lockInOrganization(tx, organizationId, fulfilmentOrderId);
      const picking = decideTransition(order.status, 'startPicking');
      if (picking.kind === 'apply') order = await this.transitions.move(tx, order, picking.to, picking.event, initiator);
      const ship = decideTransition(order.status, 'ship');
      if (ship.kind !== 'apply')
        throw new ConflictProblem(`A fulfilment order that is ${order.status} cannot be shipped; allowed from ALLOCATED or PICKING.`, 'fulfilment-order-state');
      const moved = await this.transitions.move(tx, order, ship.to, ship.event, initiator);
      return { fulfilmentOrderId, status: moved.status };
    });
  }
}
