import { ApiProperty } from '@nestjs/swagger';

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
