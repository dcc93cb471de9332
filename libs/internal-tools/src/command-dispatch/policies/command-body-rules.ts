// Validation rules shared by the command bodies, in the words of the schema's domains (each a required value).
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, Matches, ValidateBy } from 'class-validator';
import { Required } from '@gateway/platform';
import { BARCODE_MESSAGE, BARCODE_PATTERN, IsBarcode } from '@gateway/domain';

export { IsBarcode };

export const ENTITY_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;

export const IsEntityId = () =>
  applyDecorators(
    Required(),
    IsString({ message: 'must be a string' }),
    Matches(ENTITY_ID_PATTERN, { message: 'must be 1 to 100 letters, digits, dots, underscores, colons or hyphens' }),
  );

/** A list of 1 to `max` barcodes (clarify, and the rebuild command), documented with the same limits. */
export const IsBarcodeList = (max: number) =>
  applyDecorators(
    ApiProperty({ type: 'array', items: { type: 'string', pattern: BARCODE_PATTERN.source }, minItems: 1, maxItems: max }),
    Required(),
    IsArray({ message: 'must be an array' }),
    ArrayMinSize(1, { message: 'must name at least 1 barcode' }),
    ArrayMaxSize(max, { message: `must name at most ${max} barcodes` }),
    IsString({ each: true, message: 'each barcode must be a string' }),
    Matches(BARCODE_PATTERN, { each: true, message: `each barcode ${BARCODE_MESSAGE}` }),
  );

/** A list of lines whose barcodes are distinct (a line that is not an object is judged by its own rules). */
export const IsDistinctBarcodes = () =>
  ValidateBy({
    name: 'isDistinctBarcodes',
    validator: {
      validate: (value: unknown) => {
        if (!Array.isArray(value)) return true;
        const barcodes = value.map((line) => (typeof line === 'object' && line !== null ? (line as { barcode?: unknown }).barcode : undefined));
        const named = barcodes.filter((b) => typeof b === 'string');
        return new Set(named).size === named.length;
      },
      defaultMessage: () => 'must name each barcode once',
    },
  });
