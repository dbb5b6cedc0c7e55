import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { MoneyRoute } from '../../infra/redis/money-rate-limit';
import { toMicro } from '../../common/validators';
import {
  ApiImageResponse,
  readMultipart,
  sendPrivateImage,
  singleFile,
  validateForm,
} from '../../infra/storage/uploads';
import {
  ApproveCardDepositBody,
  CARD_CURRENCIES,
  CardDepositCreated,
  CardDepositForm,
  CardDepositItem,
  CardDepositListQuery,
  CardRates,
  CardRatesAnswer,
  RejectCardDepositBody,
} from './card-deposits.dto';
import { CardDepositsService } from './card-deposits.service';
import { Idempotent } from '../../infra/idempotency/idempotency.interceptor';

@ApiTags('wallet')
@Controller('card/deposits')
@Auth()
export class CardDepositsController {
  constructor(private readonly cards: CardDepositsService) {}

  @Post()
  @HttpCode(200)
  @Idempotent()
  @MoneyRoute()
  @ApiOperation({
    summary: 'Report a card payment with its receipt photo; an operator confirms it',
    description: 'Shows in /balance?add=true as type card, under_review until decided.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['currency', 'amount', 'receipt'],
      properties: {
        currency: { type: 'string', enum: [...CARD_CURRENCIES] },
        amount: { type: 'string', example: '1270000' },
        receipt: { type: 'string', format: 'binary' },
      },
    },
  })
  @ApiOkResponse({ type: CardDepositCreated })
  @ApiErrors(
    'CARD_DEPOSITS_OFF',
    'FILE_TOO_LARGE',
    'TOO_MANY_FILES',
    'UNSUPPORTED_FILE_TYPE',
    'UNSUPPORTED_MEDIA_TYPE',
    'VALIDATION_ERROR',
  )
  async createCardDeposit(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
  ): Promise<CardDepositCreated> {
    const { files, fields } = await readMultipart(request);
    const form = await validateForm(CardDepositForm, fields);
    return this.cards.create(user.id, form.currency, form.amount, singleFile(files, 'receipt'));
  }

  @Get(':id/receipt')
  @ApiImageResponse('The receipt of your card deposit (by its record id)')
  async getOwnReceipt(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Res() reply: FastifyReply,
  ) {
    return sendPrivateImage(reply, await this.cards.ownReceipt(user.id, params.id));
  }
}

@ApiTags('admin')
@Controller('admin')
@Auth(...Staff.money)
@Reach('none')
export class CardDepositReviewController {
  constructor(private readonly cards: CardDepositsService) {}

  @Get('card_deposits')
  @ApiOperation({
    summary: 'Card deposits (those under review oldest first), with the suggested USDT',
  })
  @ApiOkResponse({ type: [CardDepositItem] })
  @ApiErrors('VALIDATION_ERROR')
  listCardDeposits(@Query() query: CardDepositListQuery): Promise<CardDepositItem[]> {
    return this.cards.list(query.status, query.order);
  }

  @Get('card_deposits/:id/receipt')
  @ApiImageResponse('The receipt photo of a card deposit')
  async getCardReceipt(@Param() params: IdParam, @Res() reply: FastifyReply) {
    return sendPrivateImage(reply, await this.cards.receipt(params.id));
  }

  @Post('card_deposits/:id/approve')
  @HttpCode(200)
  @Reach('card_deposit')
  @Idempotent()
  @ApiOperation({ summary: 'Credit the USDT amount you decide (one ledger transaction, audited)' })
  @ApiOkResponse({ type: CardDepositItem })
  @ApiErrors('NOT_FOUND', 'REVIEW_ALREADY_DECIDED', 'OPERATOR_COOLING_OFF', 'VALIDATION_ERROR')
  approveCardDeposit(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: ApproveCardDepositBody,
  ): Promise<CardDepositItem> {
    return this.cards.approve(user.id, params.id, toMicro(body.amount));
  }

  @Post('card_deposits/:id/reject')
  @HttpCode(200)
  @Reach('card_deposit')
  @Idempotent()
  @ApiOperation({ summary: 'Refuse a card deposit with a reason for the member (audited)' })
  @ApiOkResponse({ type: CardDepositItem })
  @ApiErrors('NOT_FOUND', 'REVIEW_ALREADY_DECIDED', 'VALIDATION_ERROR')
  rejectCardDeposit(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: RejectCardDepositBody,
  ): Promise<CardDepositItem> {
    return this.cards.reject(user.id, params.id, body.reason.trim());
  }

  @Get('card_rates')
  @ApiOperation({ summary: 'USDT per unit of each card currency (the suggestion operators see)' })
  @ApiOkResponse({ type: CardRates })
  getCardRates(): Promise<CardRates> {
    return this.cards.rates();
  }

  @Put('card_rates')
  @ApiOperation({
    summary: 'Set the card currency rates (audited with before and after)',
    description:
      'While the club has two or more active admins the change waits for a second admin ' +
      '(pending_changes, GET /admin/economy/changes); the answer shows the rates as they stand.',
  })
  @ApiOkResponse({ type: CardRatesAnswer })
  @ApiErrors('VALIDATION_ERROR')
  setCardRates(@CurrentUser() user: AuthUser, @Body() body: CardRates): Promise<CardRatesAnswer> {
    return this.cards.setRates(user.id, body);
  }
}
