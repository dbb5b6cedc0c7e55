import { ApiProperty } from '@nestjs/swagger';

/** Member liabilities against the hot wallet and unswept deposits (SolvencyService). */
export class SolvencyView {
  @ApiProperty({ description: "USDT in members' E-Wallets", example: 1520.5 })
  member_money: number;
  @ApiProperty({
    description: 'USDT requested for withdrawal, not yet sent or refunded',
    example: 80,
  })
  pending_withdrawals: number;
  @ApiProperty({ description: 'member_money + pending_withdrawals', example: 1600.5 })
  liabilities: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Read from the chain; null if the node is unreachable',
  })
  hot_wallet_usdt: number | null;
  @ApiProperty({ description: 'USDT credited to member addresses, not swept yet', example: 900 })
  unswept_deposits: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'hot_wallet_usdt + cold_wallet_usdt + unswept_deposits',
  })
  assets: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'assets - liabilities (negative: not covered)',
  })
  surplus: number | null;
  @ApiProperty({ type: String, nullable: true })
  hot_wallet_address: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'TRX on the hot wallet' })
  hot_wallet_trx: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Energy the hot wallet has left' })
  hot_wallet_energy: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'TRON_COLD_ADDRESS (sweeps above HOT_WALLET_MAX_USDT go there); null: none',
  })
  cold_wallet_address: string | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'USDT on the cold account, counted in assets; null without one or unreadable',
  })
  cold_wallet_usdt: number | null;
  @ApiProperty({
    type: 'integer',
    description: 'Approved withdrawals waiting for the hot wallet to be refilled',
    example: 0,
  })
  waiting_refill_count: number;
  @ApiProperty({ description: 'Their net USDT: what a refill must bring at least', example: 0 })
  waiting_refill_usdt: number;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Confirmed solidified head minus the cursor',
  })
  scanner_lag_blocks: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Last block the deposit scanner finished',
  })
  scanner_cursor: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why the chain figures are missing' })
  chain_error: string | null;
}
