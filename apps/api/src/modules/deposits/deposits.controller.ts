import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { microToNumber } from '@app/domain';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { MoneyRoute } from '../../infra/redis/money-rate-limit';
import { toMicro } from '../../common/validators';
import { WalletService } from '../wallet/wallet.service';
import {
  AdminDepositItem,
  AdminDepositsQuery,
  ClaimDepositBody,
  ClaimDepositResponse,
  DepositAddress,
  DepositGapItem,
  DepositGapsQuery,
  DismissHeldDepositBody,
  ForeignDepositItem,
  HeldDepositItem,
  HeldDepositsQuery,
  RecordSweepBody,
  ResolveDepositGapBody,
  RecordSweepResponse,
  SweepCandidate,
  SweepCandidatesQuery,
  SweepDestination,
  SweepDestinationQuery,
  SweepItem,
} from './deposits.dto';
import { SweepsService } from './sweeps.service';
import { DepositGapsService } from './deposit-gaps.service';
import { HeldDepositsService, heldItem } from './held-deposits.service';
import { DepositsService } from './deposits.service';
import { Idempotent } from '../../infra/idempotency/idempotency.interceptor';

@ApiTags('deposits')
@Controller()
export class DepositsController {
  constructor(private readonly deposits: DepositsService) {}

  @Get('deposit/address')
  @Auth()
  @ApiOperation({ summary: 'Your USDT (TRC-20) deposit address' })
  @ApiOkResponse({ type: DepositAddress })
  @ApiErrors('DEPOSITS_UNAVAILABLE')
  async depositAddress(@CurrentUser() user: AuthUser): Promise<DepositAddress> {
    return { currency: 'USDT', network: 'TRC20', address: await this.deposits.address(user.id) };
  }

  @Post('balance/add')
  @HttpCode(200)
  @Idempotent()
  @Auth()
  @MoneyRoute()
  @ApiOperation({
    summary: 'Ask to check a deposit now by its tx id',
    description:
      'Deposits to your address are found without this; a claim only makes the check immediate. ' +
      'The record is `under_review` until the transaction is solidified, then `success` or `fail` with a reason.',
  })
  @ApiOkResponse({ type: ClaimDepositResponse })
  @ApiErrors('TX_ALREADY_SUBMITTED', 'DEPOSITS_UNAVAILABLE', 'VALIDATION_ERROR')
  claimDeposit(
    @CurrentUser() user: AuthUser,
    @Body() body: ClaimDepositBody,
  ): Promise<ClaimDepositResponse> {
    return this.deposits.claim(user.id, body.tx_id);
  }
}

@ApiTags('admin')
@Controller('admin/deposits')
@Auth(...Staff.money)
@Reach('none')
export class AdminDepositsController {
  constructor(
    private readonly records: WalletService,
    private readonly deposits: DepositsService,
    private readonly gaps: DepositGapsService,
    private readonly held: HeldDepositsService,
  ) {}

  @Get()
  @ApiOperation({ summary: "Members' deposits (credited, being checked, failed), newest first" })
  @ApiOkResponse({ type: [AdminDepositItem] })
  @ApiErrors('VALIDATION_ERROR')
  async listDeposits(@Query() query: AdminDepositsQuery): Promise<AdminDepositItem[]> {
    const rows = await this.records.listDeposits({
      status: query.status,
      limit: query.limit ?? 50,
      before: query.before,
    });
    return rows.map((row) => ({
      id: Number(row.id),
      user_id: row.user_id,
      amount: microToNumber(BigInt(row.amount_micro)),
      status: row.status,
      tx_id: row.tx_id,
      reason: row.reason,
      created_at: row.created_at.toISOString(),
    }));
  }

  @Get('held')
  @ApiOperation({
    summary: 'Deposits held because no second TRON node confirmed their receipt, newest first',
    description:
      'With two or more nodes, a deposit of DEPOSIT_CROSSCHECK_USDT or more is credited only when ' +
      'another node returns the same receipt. Held ones are asked about again every 30 s and ' +
      'credited once two nodes agree; a receipt one node made up stays held (see docs/operations.md).',
  })
  @ApiOkResponse({ type: [HeldDepositItem] })
  @ApiErrors('VALIDATION_ERROR')
  async listHeldDeposits(@Query() query: HeldDepositsQuery): Promise<HeldDepositItem[]> {
    const rows = await this.deposits.listHeld(query.status, query.limit ?? 50, query.before);
    return rows.map(heldItem);
  }

  @Post('held/:id/dismiss')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Dismiss a held deposit no second node will confirm, with a note (audited): it is asked about no more and leaves the queue's count",
    description:
      'Every held log of the same transaction is dismissed with it; nothing was credited, nothing moves. ' +
      'For a receipt a node made up (not on an explorer you trust) once that node is out of ' +
      'TRON_FULL_NODE_URL. Nobody dismisses a deposit of their own team or upline, nor in their cooling off.',
  })
  @ApiOkResponse({
    type: [HeldDepositItem],
    description: 'The rows dismissed, the given one first',
  })
  @ApiErrors(
    'NOT_FOUND',
    'HELD_DEPOSIT_NOT_HELD',
    'SELF_DEALING_FORBIDDEN',
    'OPERATOR_COOLING_OFF',
    'VALIDATION_ERROR',
  )
  dismissHeldDeposit(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: DismissHeldDepositBody,
  ): Promise<HeldDepositItem[]> {
    return this.held.dismiss(user.id, params.id, body.note);
  }

  @Get('gaps')
  @ApiOperation({
    summary:
      "Deposit addresses whose TRC-20 history on the node differs from what was credited and swept (the reconciler's items), newest first",
  })
  @ApiOkResponse({ type: [DepositGapItem] })
  @ApiErrors('VALIDATION_ERROR')
  listDepositGaps(@Query() query: DepositGapsQuery): Promise<DepositGapItem[]> {
    return this.gaps.list(query.status ?? null, query.limit ?? 50, query.before);
  }

  @Post('gaps/:id/resolve')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Resolve a reconciler item once its difference is settled, with a note (audited)',
    description:
      'For a difference the deposit books will not settle by themselves (credited by an adjustment, ' +
      'refunded by hand, moved out of a compromised address): the reconciler accepts the item’s ' +
      'differences for the address from then on and opens a new item for any further one. An item ' +
      'the books settle (a claimed deposit, a recorded sweep) closes by itself. Nobody resolves an ' +
      'item of their own team or upline, nor in their cooling off.',
  })
  @ApiOkResponse({ type: DepositGapItem })
  @ApiErrors(
    'NOT_FOUND',
    'DEPOSIT_GAP_NOT_OPEN',
    'SELF_DEALING_FORBIDDEN',
    'OPERATOR_COOLING_OFF',
    'VALIDATION_ERROR',
  )
  resolveDepositGap(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: ResolveDepositGapBody,
  ): Promise<DepositGapItem> {
    return this.gaps.resolve(user.id, params.id, body.note);
  }

  @Get('foreign')
  @ApiOperation({
    summary:
      'TRX and tokens other than USDT sent to member addresses (not credited; refund by hand)',
  })
  @ApiOkResponse({ type: [ForeignDepositItem] })
  @ApiErrors('VALIDATION_ERROR')
  async listForeignDeposits(@Query() query: AdminDepositsQuery): Promise<ForeignDepositItem[]> {
    const rows = await this.deposits.listForeign(query.limit ?? 50, query.before);
    return rows.map((row) => ({
      ...row,
      id: Number(row.id),
      block_number: Number(row.block_number),
      created_at: row.created_at.toISOString(),
    }));
  }
}

@ApiTags('admin')
@Controller('admin/sweeps')
@Auth(...Staff.money)
@Reach('none')
export class AdminSweepsController {
  constructor(private readonly sweeps: SweepsService) {}

  @Get('candidates')
  @ApiOperation({
    summary: 'Member addresses holding credited USDT not swept yet (for pnpm tron:sweep)',
  })
  @ApiOkResponse({ type: [SweepCandidate] })
  @ApiErrors('VALIDATION_ERROR')
  sweepCandidates(@Query() query: SweepCandidatesQuery): Promise<SweepCandidate[]> {
    return this.sweeps.candidates(toMicro(query.min_usdt ?? 10), query.limit ?? 100);
  }

  @Get('destination')
  @ApiOperation({
    summary:
      'Where the next sweep goes: the hot wallet, or the cold account when it would take the hot wallet above HOT_WALLET_MAX_USDT (for pnpm tron:sweep)',
  })
  @ApiOkResponse({ type: SweepDestination })
  @ApiErrors('VALIDATION_ERROR', 'SWEEP_NOT_CONFIRMED')
  sweepDestination(@Query() query: SweepDestinationQuery): Promise<SweepDestination> {
    return this.sweeps.destination(toMicro(query.amount_usdt));
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Record a sweep: a solidified USDT transfer from a member address to the hot wallet (or the cold account)',
  })
  @ApiOkResponse({ type: RecordSweepResponse })
  @ApiErrors('SWEEP_NOT_CONFIRMED', 'VALIDATION_ERROR')
  recordSweep(
    @CurrentUser() user: AuthUser,
    @Body() body: RecordSweepBody,
  ): Promise<RecordSweepResponse> {
    return this.sweeps.record(user.id, body.tx_id, body.funding_tx_ids ?? []);
  }

  @Get()
  @ApiOperation({ summary: 'Recorded sweeps, newest first' })
  @ApiOkResponse({ type: [SweepItem] })
  @ApiErrors('VALIDATION_ERROR')
  listSweeps(@Query() query: AdminDepositsQuery): Promise<SweepItem[]> {
    return this.sweeps.list(query.limit ?? 50, query.before);
  }
}
