// The query of a keyset-paged list (contract 6.2, and the lists paged like it: returns, inbound shipments):
// `limit` and `cursor`, each a property decorator, so that a list's query class keeps its own filters and
// the order of its parameters, and every list refuses the same values with the same messages.
import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsString, Max, Min, ValidateIf } from 'class-validator';
import { HasMaxLength, plainNumber } from '@gateway/platform';
import { MAX_CURSOR_LENGTH } from '../use-cases/cursor-sealer';

/** How many items a page holds: 1 to 100, 20 when `limit` is left out. */
export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

/**
 * How the organization's lists of returns and inbound shipments are ordered, and how to poll them with
 * `updatedSince` (their operations' descriptions).
 */
export const LIST_ORDER_AND_POLLING =
  'Newest first (by creation), in pages whose order no change moves, so a walk through nextCursor neither skips nor repeats an item. To poll for changes, send as updatedSince the moment the previous walk began, less a minute: a change carries the time its transaction began and is seen once it commits, so the overlap repeats a few items, which their updatedAt tells apart.';

const LIMIT_MESSAGE = `must be an integer from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}`;
const CURSOR_MESSAGE = 'must be a cursor from nextCursor';
/** Optional, but when present it must be of the declared type: null is not accepted. */
const Optional = () => ValidateIf((_object, value) => value !== undefined);
/** Decorators as they would be stacked above a property, top first: applied bottom first, as stacked ones are. */
const stacked = (...decorators: PropertyDecorator[]) => applyDecorators(...decorators.reverse());

/** `limit`: `items` names what a page holds in the document ("orders per page"). */
export const PageLimit = (items: string) =>
  stacked(
    ApiPropertyOptional({ type: 'integer', minimum: PAGE_LIMIT.min, maximum: PAGE_LIMIT.max, default: PAGE_LIMIT.default, description: items }),
    Transform(plainNumber),
    Optional(),
    IsInt({ message: LIMIT_MESSAGE }),
    Min(PAGE_LIMIT.min, { message: LIMIT_MESSAGE }),
    Max(PAGE_LIMIT.max, { message: LIMIT_MESSAGE }),
  );

/** `cursor`: `filters` names the query parameters a cursor is bound to ("orderReference"). */
export const PageCursor = (filters: string) =>
  stacked(
    ApiPropertyOptional({ maxLength: MAX_CURSOR_LENGTH, description: `the nextCursor of the previous page, sent with the same ${filters}` }),
    Optional(),
    IsString({ message: CURSOR_MESSAGE }),
    HasMaxLength(MAX_CURSOR_LENGTH, CURSOR_MESSAGE),
  );
