import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, Max, Min } from 'class-validator';

/** A positive integer id in the path; anything else is a 422, never a 500. */
export class IdParam {
  @ApiProperty({ type: 'integer', minimum: 1, maximum: 2_147_483_647, example: 1 })
  @Type(() => Number)
  @IsInt({ message: 'id must be an integer' })
  @Min(1)
  @Max(2_147_483_647)
  id: number;
}
