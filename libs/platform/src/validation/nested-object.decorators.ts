// Nested bodies, validated with one message per property: a value of the wrong shape gets "must be an
// object" or "must be an array" at its own pointer, and nothing is reported inside it.
import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsArray, IsObject, ValidateNested } from 'class-validator';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type ClassType = new (...args: any[]) => object;

/** A property holding one object of the given class. */
export const NestedObject = (type: () => ClassType) => applyDecorators(IsObject({ message: 'must be an object' }), ValidateNested(), Type(type));

/**
 * A property holding an array of objects of the given class. class-validator validates the items of an
 * item that is itself an array rather than refusing it (so `[[]]` would pass): such an item is replaced
 * by null before validation, which is refused at its own pointer as "must be an object".
 */
export const NestedObjectList = (type: () => ClassType) =>
  applyDecorators(
    IsArray({ message: 'must be an array' }),
    ValidateNested({ each: true }),
    Type(type),
    Transform(({ value }) => (Array.isArray(value) ? value.map((item) => (Array.isArray(item) ? null : item)) : value)),
  );
