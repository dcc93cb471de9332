// Validation rules shared by the command bodies, in the words of the schema's domains.
import { applyDecorators } from '@nestjs/common';
import { IsString, Matches } from 'class-validator';

export const ENTITY_ID_PATTERN = /^[A-Za-z0-9._:-]{1,100}$/;
export const BARCODE_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;
export const BARCODE_MESSAGE = 'must be 1 to 100 letters, digits, dots, underscores or hyphens';

export const IsEntityId = () =>
  applyDecorators(IsString({ message: 'must be a string' }), Matches(ENTITY_ID_PATTERN, { message: 'must be 1 to 100 letters, digits, dots, underscores, colons or hyphens' }));

export const IsBarcode = () => applyDecorators(IsString({ message: 'must be a string' }), Matches(BARCODE_PATTERN, { message: BARCODE_MESSAGE }));
