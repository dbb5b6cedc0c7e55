import { ApiProperty } from '@nestjs/swagger';

export class OkResponse {
  @ApiProperty({ example: true })
  ok: true;
}

export const OK: OkResponse = { ok: true };
