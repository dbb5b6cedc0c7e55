import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageBefore, PageLimit } from '../../common/paging.dto';

export class TronCostDay {
  @ApiProperty({ description: 'UTC day', example: '2026-11-25' })
  day: string;
  @ApiProperty({ description: 'TRX burnt by sweep transfers that day', example: 12.5 })
  sweeps_trx: number;
  @ApiProperty({ description: 'TRX burnt by withdrawal transfers that day', example: 40.2 })
  withdrawals_trx: number;
  @ApiProperty({ description: 'Chain transactions counted', example: 7 })
  transactions: number;
}

export class EnergyAccountView {
  @ApiProperty({ example: 'TDH7TKbRQTEminPbCpH5YAfgD23q63rz16' })
  address: string;
  @ApiProperty({ type: Number, nullable: true, description: 'Energy left now', example: 900000 })
  energy: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'TRX of stake it can lend now',
    example: 95000,
  })
  lendable_trx: number | null;
}

export class TronCostsReport {
  @ApiProperty({ type: [TronCostDay], description: 'The last 30 days with costs, newest first' })
  days: TronCostDay[];
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'TRX the sweeps of the last 30 days cost per member deposit credited in them',
    example: 1.65,
  })
  per_member_deposit_trx: number | null;
  @ApiProperty({ type: EnergyAccountView, nullable: true, description: 'Unset: TRX only' })
  energy_account: EnergyAccountView | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: 'The next withdrawal can pay its energy (null: the node did not answer)',
  })
  withdrawals_payable: boolean | null;
  @ApiProperty({
    type: Boolean,
    nullable: true,
    description: "The staking account can lend a sweep's energy now (null: none)",
  })
  sweeps_lendable: boolean | null;
}

/**
 * What a sweep or a withdrawal cost on chain, every transaction of it
 * counted (a sweep's top-up, lend and return; a withdrawal's attempts).
 */
export class ChainCost {
  @ApiProperty({ description: 'Chain transactions counted', example: 1 })
  transactions: number;
  @ApiProperty({
    description: 'TRX burnt, for energy, bandwidth and account creation',
    example: 0.345,
  })
  trx_burnt: number;
  @ApiProperty({ description: 'Of that, TRX burnt for energy', example: 0 })
  energy_burnt_trx: number;
  @ApiProperty({ description: 'Energy the transactions used', example: 64285 })
  energy_used: number;
  @ApiProperty({ description: 'Bandwidth (bytes) the transactions took', example: 345 })
  bandwidth_used: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      "TRX that burning for all that energy would have cost at the chain's energy price when recorded (null: price unknown, recorded before it was kept)",
    example: 27.0,
  })
  burn_equivalent_trx: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description:
      'TRX that energy of its own or lent saved: the burn equivalent less what was burnt for energy',
    example: 27.0,
  })
  saved_trx: number | null;
  @ApiProperty({
    format: 'date-time',
    description: 'When it was on chain (the latest transaction)',
  })
  at: string;
}

export class TronCostTransfer extends ChainCost {
  @ApiProperty({
    type: 'integer',
    description: 'Row id, the cursor of the next page (before)',
    example: 120,
  })
  id: number;
  @ApiProperty({ enum: ['sweep', 'withdrawal'] })
  kind: 'sweep' | 'withdrawal';
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'A withdrawal: its id',
    example: 42,
  })
  withdrawal_id: number | null;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    description: 'A sweep: the member whose deposit address was swept',
    example: 100042,
  })
  member_id: number | null;
  @ApiProperty({ description: 'The transfer transaction', example: 'a1b2…' })
  tx_id: string;
}

export class TronCostTransfersQuery {
  @ApiPropertyOptional({ enum: ['sweep', 'withdrawal'], description: 'Only sweeps or withdrawals' })
  @IsOptional()
  @IsIn(['sweep', 'withdrawal'])
  kind?: 'sweep' | 'withdrawal';
  @PageLimit(200, 50)
  limit?: number;
  @PageBefore('Only transfers recorded before this row id (the last id of the previous page)')
  before?: number;
}
