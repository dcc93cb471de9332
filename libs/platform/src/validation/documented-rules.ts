// Limits the product sets beyond the spec (lengths, list sizes, patterns, email syntax), each declared
// once: one decorator applies the validation rule and writes the same limit into the OpenAPI document
// (maxLength, maxItems, pattern, format), so the two cannot drift apart.
// Lengths are counted in Unicode code points, as Postgres's char_length and JSON Schema's maxLength count them:
// a surrogate pair (an emoji outside the BMP) is one, "a\uFE0F" two. class-validator's Length and MaxLength count
// otherwise (validator.js's isLength folds variation selectors and surrogate pairs), so no DTO uses them
// (documented-rules.spec.ts reads the sources for it).
import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, IsEmail, Matches, ValidateBy } from 'class-validator';

/** The code points of a string, as Postgres's char_length counts them (a lone surrogate counts as one). */
export function codePointLength(value: string): number {
  let count = value.length;
  for (let i = 0; i < value.length - 1; i += 1) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count -= 1;
        i += 1;
      }
    }
  }
  return count;
}

const CodePointLength = (min: number, max: number, message: string) =>
  ValidateBy({
    name: 'codePointLength',
    constraints: [min, max],
    validator: {
      validate: (value) => {
        if (typeof value !== 'string') return false;
        const length = codePointLength(value);
        return length >= min && length <= max;
      },
      defaultMessage: () => message,
    },
  });

/** A string of `min` to `max` characters (code points); `message` replaces the default one. */
export const HasLength = (min: number, max: number, message = `must be ${min} to ${max} characters`) =>
  applyDecorators(CodePointLength(min, max, message), ApiProperty({ minLength: min, maxLength: max }));

/** A string of at most `max` characters (code points); `message` replaces the default one. */
export const HasMaxLength = (max: number, message = `must be at most ${max} characters`) =>
  applyDecorators(CodePointLength(0, max, message), ApiProperty({ maxLength: max }));

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
