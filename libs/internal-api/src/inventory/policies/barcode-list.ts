// The element rules of a barcode list in a request body: barcode syntax and no repeats, each problem
// with the pointer of the element.
import { BadRequestProblem, ProblemFieldError } from '@gateway/platform';
import { BARCODE_PATTERN } from '@gateway/domain';

export function assertBarcodeList(barcodes: unknown[], pointer: string): asserts barcodes is string[] {
  const problems: ProblemFieldError[] = [];
  const seen = new Map<string, number>();
  barcodes.forEach((barcode, index) => {
    if (typeof barcode !== 'string') problems.push({ pointer: `${pointer}/${index}`, message: 'must be a string' });
    else if (!BARCODE_PATTERN.test(barcode)) problems.push({ pointer: `${pointer}/${index}`, message: 'must be 1 to 100 of A-Z a-z 0-9 . _ -' });
    else if (seen.has(barcode)) problems.push({ pointer: `${pointer}/${index}`, message: `repeats ${pointer}/${seen.get(barcode)}` });
    else seen.set(barcode, index);
  });
  if (problems.length > 0) throw new BadRequestProblem('The request is not valid.', problems);
}
