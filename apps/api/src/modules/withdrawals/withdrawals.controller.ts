import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { microToNumber } from '@app/domain';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { MoneyRoute } from '../../infra/redis/money-rate-limit';
import { toMicro } from '../../common/validators';
import { type ApprovalRow, awaiting, view } from '../approvals/approvals.service';
import { TronCostsService } from '../../infra/tron/tron-costs.service';
import { WalletService } from '../wallet/wallet.service';
import { chainCost } from './chain-cost';
import { BalanceRecordItem } from '../wallet/wallet.dto';
import {
  AdminWithdrawal,
  AdminWithdrawalDetail,
  AdminWithdrawalsQuery,
  DeleteAddressBody,
  RejectWithdrawalBody,
  SaveAddressBody,
  SavedAddress,
  WithdrawBody,
  WithdrawResponse,
} from './withdrawals.dto';
import { WithdrawalRow, WithdrawalsService, memberStatus } from './withdrawals.service';
import { Idempotent } from '../../infra/idempotency/idempotency.interceptor';

@ApiTags('wallet')
@Controller()
@Auth()
export class WithdrawalsController {
  constructor(private readonly withdrawals: WithdrawalsService) {}

  @Post('balance/take')
  @HttpCode(200)
  @Idempotent()
  @MoneyRoute()
  @ApiOperation({
    summary: 'Withdraw USDT (TRC-20) from the E-Wallet',
    description:
      'The amount leaves the E-Wallet now and waits for an operator; the net (amount - 15%) is sent on chain ' +
      'after approval. A rejection or a failed transfer gives the whole amount back.',
  })
  @ApiOkResponse({ type: WithdrawResponse })
  @ApiErrors(
    'WITHDRAWAL_BELOW_MINIMUM',
    'WITHDRAWAL_LEVEL_LIMIT',
    'WITHDRAWAL_TO_DEPOSIT_ADDRESS',
    'ADDRESS_BLACKLISTED',
    'INSUFFICIENT_FUNDS',
    'INCORRECT_TRANSACTION_PASSWORD',
    'VERIFICATION_REQUIRED',
    'RECOVERY_HOLD',
    'TOO_MANY_ATTEMPTS',
    'VALIDATION_ERROR',
  )
  withdraw(@CurrentUser() user: AuthUser, @Body() body: WithdrawBody): Promise<WithdrawResponse> {
    return this.withdrawals.request(
      user.id,
      body.wallet,
      toMicro(body.amount),
      body.transaction_password,
    );
  }

  @Post('balance/take/:id/cancel')
  @HttpCode(200)
  @MoneyRoute()
  @ApiOperation({
    summary: 'Cancel your own withdrawal while no operator has approved it',
    description:
      '`id` is the record id (POST /balance/take answers it; GET /balance lists it with `cancellable`). ' +
      'The whole amount goes back to the E-Wallet in one ledger transaction and the record ends ' +
      '`fail` with reason `cancelled`; cancelling again answers the same record. Once any operator ' +
      'approved it (even the first of two): 409 WITHDRAWAL_ALREADY_APPROVED.',
  })
  @ApiOkResponse({ type: BalanceRecordItem })
  @ApiErrors(
    'NOT_FOUND',
    'WITHDRAWAL_ALREADY_APPROVED',
    'WITHDRAWAL_STATE_CONFLICT',
    'TOO_MANY_ATTEMPTS',
    'VALIDATION_ERROR',
  )
  cancelWithdrawal(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<BalanceRecordItem> {
    return this.withdrawals.cancel(user.id, params.id);
  }

  @Get('withdrawal_addresses')
  @ApiOperation({ summary: 'Your saved withdrawal addresses' })
  @ApiOkResponse({ type: [SavedAddress] })
  listAddresses(@CurrentUser() user: AuthUser): Promise<SavedAddress[]> {
    return this.withdrawals.addressBook(user.id);
  }

  @Post('withdrawal_addresses')
  @HttpCode(200)
  @ApiOperation({ summary: 'Save a withdrawal address (saving it again changes its label)' })
  @ApiOkResponse({ type: [SavedAddress] })
  @ApiErrors(
    'WITHDRAWAL_TO_DEPOSIT_ADDRESS',
    'ADDRESS_BOOK_FULL',
    'INCORRECT_TRANSACTION_PASSWORD',
    'RECOVERY_HOLD',
    'TOO_MANY_ATTEMPTS',
    'VALIDATION_ERROR',
  )
  saveAddress(
    @CurrentUser() user: AuthUser,
    @Body() body: SaveAddressBody,
  ): Promise<SavedAddress[]> {
    return this.withdrawals.saveAddress(
      user.id,
      body.address,
      body.label ?? '',
      body.transaction_password,
    );
  }

  @Delete('withdrawal_addresses/:id')
  @ApiOperation({ summary: 'Delete a saved withdrawal address' })
  @ApiOkResponse({ type: [SavedAddress] })
  @ApiErrors(
    'NOT_FOUND',
    'INCORRECT_TRANSACTION_PASSWORD',
    'RECOVERY_HOLD',
    'TOO_MANY_ATTEMPTS',
    'VALIDATION_ERROR',
  )
  deleteAddress(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: DeleteAddressBody,
  ): Promise<SavedAddress[]> {
    return this.withdrawals.deleteAddress(user.id, params.id, body.transaction_password);
  }
}

const toItem = (w: WithdrawalRow, approvals: ApprovalRow[] = []): AdminWithdrawal => ({
  id: Number(w.id),
  user_id: w.user_id,
  record_id: Number(w.record_id),
  wallet: w.wallet,
  amount: microToNumber(BigInt(w.amount_micro)),
  fee: microToNumber(BigInt(w.fee_micro)),
  net_amount: microToNumber(BigInt(w.net_micro)),
  status: w.status,
  member_status: memberStatus(w.status),
  reason: w.reason,
  tx_id: w.tx_id,
  decided_by: w.decided_by,
  first_approved_by: approvals[0]?.operator_id ?? null,
  approvals: approvals.map(view),
  ...awaiting(w.status === 'requested', approvals),
  created_at: w.created_at.toISOString(),
  updated_at: w.updated_at.toISOString(),
});

@ApiTags('admin')
@Controller('admin/withdrawals')
@Auth(...Staff.money)
@Reach('none')
export class AdminWithdrawalsController {
  constructor(
    private readonly withdrawals: WithdrawalsService,
    private readonly wallet: WalletService,
    private readonly tronCosts: TronCostsService,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Withdrawals by status, newest first (or oldest first: order=asc)' })
  @ApiOkResponse({ type: [AdminWithdrawal] })
  @ApiErrors('VALIDATION_ERROR')
  async listWithdrawals(@Query() query: AdminWithdrawalsQuery): Promise<AdminWithdrawal[]> {
    const rows = await this.withdrawals.list({
      status: query.status,
      userId: query.user_id,
      limit: query.limit ?? 50,
      before: query.before,
      after: query.after,
      order: query.order,
    });
    const approvals = await this.withdrawals.approvalsOf(rows.map((w) => w.id));
    return rows.map((w) => toItem(w, approvals.get(w.id)));
  }

  private async item(w: WithdrawalRow): Promise<AdminWithdrawal> {
    return toItem(w, (await this.withdrawals.approvalsOf([w.id])).get(w.id));
  }

  @Get(':id')
  @ApiOperation({
    summary:
      "One withdrawal with its chain attempts, what they cost on chain and the member's recent records",
  })
  @ApiOkResponse({ type: AdminWithdrawalDetail })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  async getWithdrawal(@Param() params: IdParam): Promise<AdminWithdrawalDetail> {
    const w = await this.withdrawals.get(String(params.id));
    const [attempts, costs] = await Promise.all([
      this.withdrawals.attempts(w.id),
      this.tronCosts.ofWithdrawals([w.id]),
    ]);
    const cost = costs.get(w.id);
    return {
      chain_cost: cost ? chainCost(cost) : null,
      ...(await this.item(w)),
      attempts: attempts.map((a) => ({
        ...a,
        expires_at: a.expires_at.toISOString(),
        created_at: a.created_at.toISOString(),
      })),
      recent_records: await this.wallet.records(w.user_id, undefined, 10),
    };
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Reach('withdrawal')
  @Idempotent()
  @ApiOperation({
    summary: 'Approve a requested withdrawal: the worker sends it from the hot wallet',
    description:
      "When the member's withdrawals over 24 hours (this one included) exceed WITHDRAWAL_APPROVAL_THRESHOLD, " +
      'two different operators must approve (the answer says awaiting_second_approval until then); an approver ' +
      'over OPERATOR_DAILY_LIMIT waits for an admin (awaiting_admin). The member never approves their own.',
  })
  @ApiOkResponse({ type: AdminWithdrawal })
  @ApiErrors(
    'NOT_FOUND',
    'WITHDRAWAL_STATE_CONFLICT',
    'SELF_APPROVAL_FORBIDDEN',
    'OPERATOR_COOLING_OFF',
    'VALIDATION_ERROR',
  )
  async approveWithdrawal(@CurrentUser() user: AuthUser, @Param() params: IdParam) {
    return this.item(await this.withdrawals.approve(user.id, String(params.id)));
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Reach('withdrawal')
  @Idempotent()
  @ApiOperation({
    summary:
      'Reject a requested or approved withdrawal, or refund a failed one: the whole amount goes back',
  })
  @ApiOkResponse({ type: AdminWithdrawal })
  @ApiErrors('NOT_FOUND', 'WITHDRAWAL_STATE_CONFLICT', 'VALIDATION_ERROR')
  async rejectWithdrawal(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: RejectWithdrawalBody,
  ) {
    return this.item(await this.withdrawals.reject(user.id, String(params.id), body.reason));
  }

  @Post(':id/retry')
  @HttpCode(200)
  @Reach('withdrawal')
  @Idempotent()
  @ApiOperation({ summary: 'Send a failed withdrawal again (a new transaction)' })
  @ApiOkResponse({ type: AdminWithdrawal })
  @ApiErrors('NOT_FOUND', 'WITHDRAWAL_STATE_CONFLICT', 'VALIDATION_ERROR')
  async retryWithdrawal(@CurrentUser() user: AuthUser, @Param() params: IdParam) {
    return this.item(await this.withdrawals.retry(user.id, String(params.id)));
  }
}
