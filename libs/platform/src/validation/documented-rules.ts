// Limits the product sets beyond the spec (lengths, list sizes, patterns, email syntax), each declared
// once: one decorator applies the validation rule and writes the same limit into the OpenAPI document
// (maxLength, maxItems, pattern, format), so the two cannot drift apart.
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsEmail, Length, Matches, MaxLength } from 'class-validator';

/** A string of `min` to `max` characters. */
export const HasLength = (min: number, max: number) =>
  applyDecorators(Length(min, max, { message: `must be ${min} to ${max} characters` }), ApiProperty({ minLength: min, maxLength: max }));

/** A string of at most `max` characters. */
export const HasMaxLength = (max: number) => applyDecorators(MaxLength(max, { message: `must be at most ${max} characters` }), ApiProperty({ maxLength: max }));

/** A string matching `pattern` (which carries its own length bounds). */
export const MatchesPattern = (pattern: RegExp, message: string) => applyDecorators(Matches(pattern, { message }), ApiProperty({ pattern: pattern.source }));

/** An email address (format `email`) of at most `max` characters. */
export const IsEmailAddress = (max: number) =>
  applyDecorators(HasMaxLength(max), IsEmail({}, { message: 'must be an email address' }), ApiProperty({ format: 'email' }));

/** A list of `min` to `max` elements; `noun` names them in the messages ("lines"). */
export const HasItems = (min: number, max: number, noun: string, verb = 'have') =>
  applyDecorators(
    ArrayMinSize(min, { message: `must ${verb} at least ${min} ${min === 1 ? noun.replace(/s$/, '') : noun}` }),
    ArrayMaxSize(max, { message: `must ${verb} at most ${max} ${noun}` }),
    ApiProperty({ minItems: min, maxItems: max }),
  );
