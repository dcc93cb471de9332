// The merchant's side of inbound shipments (contract 6.9): announce one (idempotent by key), read them, change
// and cancel one while it is AWAITING. Who: USER (OWNER), ORGANIZATION and SERVICE clients; a CONNECTOR never.
// Changes take the shipment's row lock, so a receipt and a change or a cancel never interleave.
import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { BadRequestProblem, ConflictProblem, NotFoundProblem, ProblemFieldError } from '@gateway/platform';
import { Database, DomainEventRepository, InboundShipmentRepository, InboundShipmentRow, Queryable } from '@gateway/persistence';
import {
  AuthenticatedCaller,
  CursorOf,
  CursorSealer,
  INBOUND_SHIPMENT_CREATED_EVENT,
  InboundShipmentDto,
  OrganizationAccessPolicy,
  PAGE_LIMIT,
  appendInboundEvent,
  cursorField,
  cursorShape,
  decideInboundTransition,
  toInboundShipmentDto,
} from '@gateway/domain';
import { IdempotencyService, IdempotentOutcome } from '../../orders';
import {
  CreateInboundShipmentDto,
  InboundShipmentLineInput,
  InboundShipmentPageDto,
  ListInboundShipmentsQuery,
  UpdateInboundShipmentDto,
} from '../dto/inbound-shipment-input.dto';

const PURPOSE = 'inbound-shipments cursor v2';
const isCursor = cursorShape({
  organizationId: cursorField.string,
  status: cursorField.nullable(cursorField.string),
  updatedSince: cursorField.nullable(cursorField.string),
  createdAt: cursorField.string,
  id: cursorField.string,
});
type InboundCursor = CursorOf<typeof isCursor>;

const NOT_FOUND = 'The inbound shipment does not exist in this organization.';

@Injectable()
export class InboundShipmentsService {
  constructor(
    private readonly db: Database,
    private readonly access: OrganizationAccessPolicy,
    private readonly shipments: InboundShipmentRepository,
    private readonly events: DomainEventRepository,
    private readonly idempotency: IdempotencyService,
    private readonly cursors: CursorSealer,
  ) {}

  async create(
    caller: AuthenticatedCaller,
    organizationId: string,
    body: CreateInboundShipmentDto,
    idempotencyKey?: string,
  ): Promise<IdempotentOutcome<InboundShipmentDto>> {
    await this.access.assertCanManageInboundStock(caller.identity, organizationId);
    const clientId = caller.identity.clientId;
    const request = { scope: clientId, key: idempotencyKey, operation: 'createInboundShipment', path: [organizationId], body, status: 201 };
    return this.db.transaction((tx) =>
      this.idempotency.run(tx, request, async () => {
        const warehouseProblems = await this.warehouseProblems(tx, organizationId, body.warehouseId);
        const { problems: lineProblems, skus } = await this.checkLines(tx, organizationId, body.lines, '/lines');
        const problems = [...warehouseProblems, ...lineProblems];
        if (problems.length > 0) throw new BadRequestProblem('The inbound shipment cannot be announced as sent.', problems);
        const id = randomUUID();
        const created = await this.shipments.insert(tx, {
          id,
          organizationId,
          warehouseId: body.warehouseId,
          reference: body.reference,
          expectedArrivalDate: body.expectedArrivalDate,
          carrier: body.carrier ?? null,
          trackingNumber: body.trackingNumber ?? null,
          trackingUrl: body.trackingUrl ?? null,
          createdByClientId: clientId,
          lines: body.lines.map((l) => ({ barcode: l.barcode, sku: skus.get(l.barcode) as string, quantity: l.quantity })),
        });
        await appendInboundEvent(this.events, tx, { id, organizationId, warehouseId: body.warehouseId }, INBOUND_SHIPMENT_CREATED_EVENT, clientId, {
          reference: body.reference,
          lines: body.lines.map((l) => ({ barcode: l.barcode, quantity: l.quantity })),
        });
        return toInboundShipmentDto(created);
      }),
    );
  }

  async get(caller: AuthenticatedCaller, organizationId: string, id: string): Promise<InboundShipmentDto> {
    await this.access.assertCanManageInboundStock(caller.identity, organizationId);
    const row = await this.shipments.find(this.db, organizationId, id);
    if (!row) throw new NotFoundProblem(NOT_FOUND);
    return toInboundShipmentDto(row);
  }

  async list(caller: AuthenticatedCaller, organizationId: string, query: ListInboundShipmentsQuery): Promise<InboundShipmentPageDto> {
    await this.access.assertCanManageInboundStock(caller.identity, organizationId);
    const status = query.status ?? null;
    const updatedSince = query.updatedSince ?? null;
    const cursor =
      query.cursor === undefined
        ? undefined
        : await this.cursors.openForQuery(
            PURPOSE,
            query.cursor,
            isCursor,
            (sent) => sent.organizationId === organizationId && sent.status === status && sent.updatedSince === updatedSince,
            'organization, status and updatedSince',
          );
    const limit = query.limit ?? PAGE_LIMIT.default;
    const rows = await this.shipments.page(this.db, {
      organizationId,
      status: query.status,
      updatedSince: query.updatedSince,
      before: cursor ? { createdAt: cursor.createdAt, id: cursor.id } : undefined,
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > limit
        ? await this.cursors.seal(PURPOSE, { organizationId, status, updatedSince, createdAt: last.createdAtKey, id: last.id } satisfies InboundCursor)
        : null;
    return { items: page.map(toInboundShipmentDto), nextCursor };
  }

  /** Changes the announcement while it is AWAITING; a body that changes nothing answers it unchanged. */
  async update(caller: AuthenticatedCaller, organizationId: string, id: string, body: UpdateInboundShipmentDto): Promise<InboundShipmentDto> {
    await this.access.assertCanManageInboundStock(caller.identity, organizationId);
    return this.db.transaction(async (tx) => {
      const row = await this.shipments.find(tx, organizationId, id, true);
      if (!row) throw new NotFoundProblem(NOT_FOUND);
      const decision = decideInboundTransition(row.status, 'change');
      if (decision.kind !== 'apply') throw new ConflictProblem(stateDetail(row, 'changed'), 'inbound-shipment-not-awaiting');
      if (body.lines) {
        const { problems } = await this.checkLines(tx, organizationId, body.lines, '/lines');
        if (problems.length > 0) throw new BadRequestProblem('The lines cannot be announced as sent.', problems);
      }
      const change = {
        expectedArrivalDate: body.expectedArrivalDate,
        carrier: body.carrier,
        trackingNumber: body.trackingNumber,
        trackingUrl: body.trackingUrl,
      };
      if (!changes(row, change, body.lines)) return toInboundShipmentDto(row);
      await this.shipments.update(tx, id, organizationId, change, body.lines);
      await appendInboundEvent(this.events, tx, row, decision.event, caller.identity.clientId);
      return toInboundShipmentDto((await this.shipments.find(tx, organizationId, id)) as InboundShipmentRow);
    });
  }

  /** Cancels the shipment while it is AWAITING; a cancelled one is answered again, unchanged. */
  async cancel(caller: AuthenticatedCaller, organizationId: string, id: string): Promise<InboundShipmentDto> {
    await this.access.assertCanManageInboundStock(caller.identity, organizationId);
    return this.db.transaction(async (tx) => {
      const row = await this.shipments.find(tx, organizationId, id, true);
      if (!row) throw new NotFoundProblem(NOT_FOUND);
      const decision = decideInboundTransition(row.status, 'cancel');
      if (decision.kind === 'already') return toInboundShipmentDto(row);
      if (decision.kind === 'refused') throw new ConflictProblem(stateDetail(row, 'cancelled'), 'inbound-shipment-not-awaiting');
      await this.shipments.setStatus(tx, id, decision.to);
      await appendInboundEvent(this.events, tx, row, decision.event, caller.identity.clientId);
      return toInboundShipmentDto((await this.shipments.find(tx, organizationId, id)) as InboundShipmentRow);
    });
  }

  private async warehouseProblems(q: Queryable, organizationId: string, warehouseId: string): Promise<ProblemFieldError[]> {
    const used = await this.shipments.warehousesOfStores(q, organizationId);
    return used.includes(warehouseId) ? [] : [{ pointer: '/warehouseId', message: "is not a warehouse the organization's stores use" }];
  }

  /**
   * Each line's barcode a live retail unit of the organization (key-share locked until commit), barcodes
   * distinct: the problems, and the sku of each unit found.
   */
  private async checkLines(
    q: Queryable,
    organizationId: string,
    lines: InboundShipmentLineInput[],
    at: string,
  ): Promise<{ problems: ProblemFieldError[]; skus: Map<string, string> }> {
    const units = await this.shipments.lockUnits(
      q,
      organizationId,
      lines.map((l) => l.barcode),
    );
    const seen = new Set<string>();
    const problems: ProblemFieldError[] = [];
    lines.forEach((line, index) => {
      const pointer = `${at}/${index}/barcode`;
      const unit = units.get(line.barcode);
      if (seen.has(line.barcode)) problems.push({ pointer, message: 'is named by an earlier line; barcodes must be distinct' });
      else if (!unit) problems.push({ pointer, message: 'is not a retail unit of this organization' });
      else if (unit.archived) problems.push({ pointer, message: 'is an archived retail unit' });
      seen.add(line.barcode);
    });
    return { problems, skus: new Map([...units].map(([barcode, unit]) => [barcode, unit.sku])) };
  }
}

function stateDetail(row: InboundShipmentRow, verb: string): string {
  return `The inbound shipment is ${row.status}: it can be ${verb} only while it is AWAITING. Nothing was changed.`;
}

function changes(
  row: InboundShipmentRow,
  change: { expectedArrivalDate?: string; carrier?: string; trackingNumber?: string; trackingUrl?: string },
  lines: InboundShipmentLineInput[] | undefined,
): boolean {
  const fieldChanged =
    (change.expectedArrivalDate !== undefined && change.expectedArrivalDate !== row.expectedArrivalDate) ||
    (change.carrier !== undefined && change.carrier !== row.carrier) ||
    (change.trackingNumber !== undefined && change.trackingNumber !== row.trackingNumber) ||
    (change.trackingUrl !== undefined && change.trackingUrl !== row.trackingUrl);
  const linesChanged =
    lines !== undefined &&
    (lines.length !== row.lines.length || lines.some((l, i) => l.barcode !== row.lines[i].barcode || l.quantity !== row.lines[i].expectedQuantity));
  return fieldChanged || linesChanged;
}
