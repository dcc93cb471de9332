// A line of a receipt, as a request names it: the staff's RECEIVE_INBOUND_SHIPMENT and the sandbox's
// RECEIVE_INBOUND simulation take the same shape.
import { ApiProperty } from '@nestjs/swagger';
import { ClosedSchema } from '@gateway/platform';
import { IsBarcode } from '../../inventory';
import { IsInboundQuantity } from './inbound-shipment.dto';

@ClosedSchema()
export class InboundReceiptLineBody {
  @ApiProperty({ pattern: '^[A-Za-z0-9._-]{1,100}$', description: 'a live retail unit of the organization, announced or not' }) @IsBarcode() barcode!: string;

  @IsInboundQuantity('items counted: onHand goes up by this much')
  quantity!: number;
}
