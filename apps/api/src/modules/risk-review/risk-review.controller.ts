import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { Reach } from '../../common/reach';
import { RingDecisionResponse, RingItem, RingListQuery } from './risk-review.dto';
import { RiskReviewService } from './risk-review.service';

const DECISION_ERRORS = [
  'NOT_FOUND',
  'SELF_DEALING_FORBIDDEN',
  'SELF_APPROVAL_FORBIDDEN',
  'OPERATOR_COOLING_OFF',
  'VALIDATION_ERROR',
] as const;

const FOUR_EYES =
  'Above ADJUST_APPROVAL_THRESHOLD (what the ring held when the decision was first asked, USDT and points) a second, different operator calls it too; the answer says whether it was applied. Nobody decides a ring with a member of their own team or upline. Audited.';

/**
 * Rings of accounts (issue 38) for admins and finance operators: a ring
 * names many members, so its routes reach no one in particular; the service
 * refuses an operator related to any of them.
 */
@ApiTags('admin')
@Controller('admin/risk/rings')
@Auth(...Staff.money)
@Reach('none')
export class RiskReviewController {
  constructor(private readonly review: RiskReviewService) {}

  @Get()
  @ApiOperation({
    summary: 'Rings of accounts, newest first: members, linking signals, amounts held',
  })
  @ApiOkResponse({ type: [RingItem] })
  @ApiErrors('VALIDATION_ERROR')
  listRings(@Query() query: RingListQuery): Promise<RingItem[]> {
    return this.review.list(query);
  }

  @Post(':id/release')
  @HttpCode(200)
  @ApiOperation({
    summary: "Release a ring: held commissions to the members' money, points released when due",
    description: FOUR_EYES,
  })
  @ApiOkResponse({ type: RingDecisionResponse })
  @ApiErrors(...DECISION_ERRORS)
  releaseRing(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<RingDecisionResponse> {
    return this.review.decide(user.id, params.id, 'release');
  }

  @Post(':id/reverse')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Reverse a ring: held commissions and registration points back where they came from',
    description: FOUR_EYES,
  })
  @ApiOkResponse({ type: RingDecisionResponse })
  @ApiErrors(...DECISION_ERRORS)
  reverseRing(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<RingDecisionResponse> {
    return this.review.decide(user.id, params.id, 'reverse');
  }
}
