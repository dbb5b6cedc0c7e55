import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';

/**
 * Keyset paging, one definition for every list (issue 26): `limit` rows of
 * ids below `before`, newest first. Each route keeps its own maximum and
 * default page size and its own words for the cursor; the checks are the same.
 */

/** The page size: a whole number from 1 to `max`, `fallback` when absent. */
export function PageLimit(max: number, fallback: number): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: max, default: fallback }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    Max(max),
  );
}

/** The cursor: only rows with an id below it (the last id of the previous page). */
export function PageBefore(description: string, example?: number): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional(
      example === undefined
        ? { type: 'integer', description }
        : { type: 'integer', description, minimum: 1, example },
    ),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(1),
    // Ids are below 2^53; a larger cursor is a mistake, not a page.
    Max(Number.MAX_SAFE_INTEGER),
  );
}

/**
 * The cursor of an oldest-first list (`order=asc`): only rows with an id
 * above it (the last id of the previous page).
 */
export function PageAfter(description: string): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({ type: 'integer', description, minimum: 0 }),
    IsOptional(),
    Type(() => Number),
    IsInt(),
    Min(0),
    Max(Number.MAX_SAFE_INTEGER),
  );
}

/**
 * Which end of a list by id (that is, by time) comes first: `desc` newest
 * first, paged with `before`; `asc` oldest first (working a queue in the
 * order it arrived), paged with `after`.
 */
export function PageOrder(fallback: 'asc' | 'desc'): PropertyDecorator {
  return applyDecorators(
    ApiPropertyOptional({
      enum: ['asc', 'desc'],
      default: fallback,
      description: 'asc: oldest first (page with `after`); desc: newest first (page with `before`)',
    }),
    IsOptional(),
    IsIn(['asc', 'desc']),
  );
}

/** A query of `limit` and `before` alone, for routes that take nothing else. */
export function pageQuery(options: { max: number; default: number; before: string }) {
  class Page {
    @PageLimit(options.max, options.default)
    limit?: number;

    @PageBefore(options.before)
    before?: number;
  }
  return Page;
}

/** The operators' lists of audit entries: 50 by default, at most 200. */
export class PageQuery extends pageQuery({
  max: 200,
  default: 50,
  before: 'Only entries with an id below this',
}) {}
