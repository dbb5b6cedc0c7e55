import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { Reach } from '../../common/reach';
import { toMicro } from '../../common/validators';
import { Idempotent } from '../../infra/idempotency/idempotency.interceptor';
import { PublicRoute } from '../../infra/redis/public-rate-limit';
import {
  FundingForecast,
  FundingForecastQuery,
  SponsorFundsBody,
  SponsorFundsItem,
  SponsorFundsQuery,
  TransparencyAnswer,
} from './funding.dto';
import { FundingService } from './funding.service';
import { SponsorFundsService } from './sponsor-funds.service';

@ApiTags('content')
@Controller('transparency')
export class TransparencyController {
  constructor(private readonly funding: FundingService) {}

  @Get()
  @PublicRoute()
  @ApiOperation({
    summary:
      "The club's money in public: liabilities and reserves at the latest proof, the last 30 days' payouts by where they came from, the next 30 days' obligations and the runway",
  })
  @ApiOkResponse({ type: TransparencyAnswer })
  getTransparency(): Promise<TransparencyAnswer> {
    return this.funding.transparency();
  }
}

@ApiTags('admin')
@Controller('admin')
@Auth(...Staff.money)
@Reach('none')
export class AdminFundingController {
  constructor(
    private readonly funding: FundingService,
    private readonly sponsorFunds: SponsorFundsService,
  ) {}

  @Post('sponsor_funds')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({
    summary:
      'Record outside money paid in (a sponsor, an advertiser): payouts draw on it first (audited)',
    description:
      'Waits for a second operator while the outside money recorded over 24 hours, this one included, exceeds ADJUST_APPROVAL_THRESHOLD.',
  })
  @ApiOkResponse({ type: SponsorFundsItem })
  @ApiErrors('SPONSOR_REFERENCE_TAKEN', 'OPERATOR_COOLING_OFF', 'VALIDATION_ERROR')
  recordSponsorFunds(
    @CurrentUser() user: AuthUser,
    @Body() body: SponsorFundsBody,
  ): Promise<SponsorFundsItem> {
    return this.sponsorFunds.record(user.id, {
      amount: toMicro(body.amount),
      payer: body.payer,
      reference: body.reference,
    });
  }

  @Get('sponsor_funds')
  @ApiOperation({ summary: 'Outside money recorded or waiting, newest first' })
  @ApiOkResponse({ type: [SponsorFundsItem] })
  @ApiErrors('VALIDATION_ERROR')
  listSponsorFunds(@Query() query: SponsorFundsQuery): Promise<SponsorFundsItem[]> {
    return this.sponsorFunds.list(query.status, query.limit ?? 50, query.before);
  }

  @Post('sponsor_funds/:id/approve')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({ summary: "Approve another operator's record of outside money (audited)" })
  @ApiOkResponse({ type: SponsorFundsItem })
  @ApiErrors(
    'NOT_FOUND',
    'SELF_APPROVAL_FORBIDDEN',
    'OPERATOR_COOLING_OFF',
    'SPONSOR_FUNDS_ALREADY_DECIDED',
    'VALIDATION_ERROR',
  )
  approveSponsorFunds(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<SponsorFundsItem> {
    return this.sponsorFunds.approveRecord(user.id, params.id);
  }

  @Post('sponsor_funds/:id/reject')
  @HttpCode(200)
  @Idempotent()
  @ApiOperation({ summary: 'Turn down a waiting record of outside money (audited)' })
  @ApiOkResponse({ type: SponsorFundsItem })
  @ApiErrors('NOT_FOUND', 'SPONSOR_FUNDS_ALREADY_DECIDED', 'VALIDATION_ERROR')
  rejectSponsorFunds(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<SponsorFundsItem> {
    return this.sponsorFunds.reject(user.id, params.id);
  }

  @Get('funding')
  @Roles(...Staff.any)
  @ApiOperation({
    summary:
      'The runway at the terms in force, and with a waiting economy change in force (the console shows it before an admin approves)',
  })
  @ApiOkResponse({ type: FundingForecast })
  @ApiErrors('NOT_FOUND', 'VALIDATION_ERROR')
  fundingForecast(@Query() query: FundingForecastQuery): Promise<FundingForecast> {
    return this.funding.forecast(query.change_id);
  }
}
