// What PROCESS_RETURN may say of a return's lines (contract 6.8), pure: every line named once, what arrived at
// most what was announced, what is restocked at most what arrived, nothing restocked of a DISPOSE line.
import type { ReturnLineRow } from '@gateway/persistence';

export interface ProcessedReturnLine {
  barcode: string;
  receivedQuantity: number;
  restockQuantity: number;
}

export type ProcessingDecision = { kind: 'accepted' } | { kind: 'refused'; reason: string };

export function decideProcessing(lines: Pick<ReturnLineRow, 'barcode' | 'quantity' | 'action'>[], processed: ProcessedReturnLine[]): ProcessingDecision {
  const byBarcode = new Map(processed.map((line) => [line.barcode, line]));
  if (byBarcode.size !== processed.length) return { kind: 'refused', reason: 'Each barcode of the return may be named once.' };
  const announced = new Set(lines.map((l) => l.barcode));
  const unknown = processed.find((line) => !announced.has(line.barcode));
  if (unknown) return { kind: 'refused', reason: `${unknown.barcode} is not a line of the return.` };
  for (const line of lines) {
    const done = byBarcode.get(line.barcode);
    if (!done) return { kind: 'refused', reason: `Every line of the return must be named; ${line.barcode} is missing.` };
    if (done.receivedQuantity > line.quantity)
      return { kind: 'refused', reason: `${line.barcode}: receivedQuantity ${done.receivedQuantity} exceeds the ${line.quantity} announced.` };
    if (done.restockQuantity > done.receivedQuantity)
      return { kind: 'refused', reason: `${line.barcode}: restockQuantity ${done.restockQuantity} exceeds receivedQuantity ${done.receivedQuantity}.` };
    if (line.action === 'DISPOSE' && done.restockQuantity > 0)
      return { kind: 'refused', reason: `${line.barcode} is to be disposed of: its restockQuantity must be 0.` };
  }
  return { kind: 'accepted' };
}
