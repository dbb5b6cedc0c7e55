import { Body, Controller, Get, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { MoneyRoute } from '../../infra/redis/money-rate-limit';
import { toMicro } from '../../common/validators';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import {
  BalanceQuery,
  BalanceRecordItem,
  BuyVipBody,
  BuyVipResponse,
  TransferBody,
  TransferResponse,
} from './wallet.dto';
import { WalletService } from './wallet.service';
import { Idempotent } from '../../infra/idempotency/idempotency.interceptor';

@ApiTags('wallet')
@Controller()
@Auth()
export class WalletController {
  constructor(private readonly wallet: WalletService) {}

  @Post('users/transfer')
  @HttpCode(200)
  @Idempotent()
  @MoneyRoute()
  @ApiOperation({ summary: 'Move E-Wallet money to registration points' })
  @ApiOkResponse({ type: TransferResponse })
  @ApiErrors('INSUFFICIENT_FUNDS', 'IDEMPOTENCY_CONFLICT', 'VALIDATION_ERROR')
  transferToPoints(
    @CurrentUser() user: AuthUser,
    @Body() body: TransferBody,
    @Headers('idempotency-key') key?: string,
  ): Promise<TransferResponse> {
    return this.wallet.transfer(user.id, toMicro(body.amount), key?.slice(0, 100));
  }

  @Post('balance/buy_vip')
  @HttpCode(200)
  @Idempotent()
  @MoneyRoute()
  @ApiOperation({ summary: 'Buy a VIP level above the current one (points first, else money)' })
  @ApiOkResponse({ type: BuyVipResponse })
  @ApiErrors('INSUFFICIENT_FUNDS', 'VIP_LEVEL_NOT_ABOVE_CURRENT', 'VALIDATION_ERROR')
  buyVip(@CurrentUser() user: AuthUser, @Body() body: BuyVipBody): Promise<BuyVipResponse> {
    return this.wallet.buyVip(user.id, body.vip_level);
  }

  @Get('balance')
  @ApiOperation({ summary: 'Deposit, withdrawal and adjustment records, newest first' })
  @ApiOkResponse({ type: [BalanceRecordItem] })
  @ApiErrors('VALIDATION_ERROR')
  listBalanceRecords(
    @CurrentUser() user: AuthUser,
    @Query() query: BalanceQuery,
  ): Promise<BalanceRecordItem[]> {
    const add = query.add === undefined ? undefined : query.add === 'true';
    return this.wallet.records(user.id, add, query.limit ?? 20, query.before);
  }
}
