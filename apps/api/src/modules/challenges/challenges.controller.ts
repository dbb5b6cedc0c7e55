import { Body, Controller, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { MoneyRoute } from '../../infra/redis/money-rate-limit';
import {
  AdminChallenge,
  ChallengeAnswer,
  ChallengeBody,
  ChallengeItem,
  ClaimResponse,
  ProgressResponse,
} from './challenges.dto';
import { ChallengesService } from './challenges.service';
import { Idempotent } from '../../infra/idempotency/idempotency.interceptor';

@ApiTags('challenges')
@Controller('challenges')
@Auth()
export class ChallengesController {
  constructor(private readonly challenges: ChallengesService) {}

  @Get()
  @ApiOperation({ summary: 'Challenges running or ended, with your progress from real activity' })
  @ApiOkResponse({ type: [ChallengeItem] })
  listChallenges(@CurrentUser() user: AuthUser): Promise<ChallengeItem[]> {
    return this.challenges.list(user.id);
  }

  @Post(':id/claim')
  @HttpCode(200)
  @Idempotent()
  @MoneyRoute()
  @ApiOperation({ summary: 'Claim a completed challenge: its reward is paid once' })
  @ApiOkResponse({ type: ClaimResponse })
  @ApiErrors('NOT_FOUND', 'CHALLENGE_NOT_COMPLETE', 'SELF_DEALING_FORBIDDEN', 'VALIDATION_ERROR')
  claimChallenge(@CurrentUser() user: AuthUser, @Param() params: IdParam): Promise<ClaimResponse> {
    return this.challenges.claim(user.id, params.id);
  }
}

@ApiTags('admin')
@Controller('admin/challenges')
@Auth(...Staff.admin)
@Reach('none')
export class AdminChallengesController {
  constructor(private readonly challenges: ChallengesService) {}

  @Get()
  @ApiOperation({ summary: 'Every challenge with how many members claimed it' })
  @ApiOkResponse({ type: [AdminChallenge] })
  listAllChallenges(): Promise<AdminChallenge[]> {
    return this.challenges.adminList();
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set a challenge: kind of goal, goal, reward, dates (audited)',
    description:
      'A published challenge with a reward is created unpublished; its publication waits for a second admin (pending_changes).',
  })
  @ApiOkResponse({ type: ChallengeAnswer })
  @ApiErrors('BAD_REQUEST', 'VALIDATION_ERROR')
  createChallenge(
    @CurrentUser() user: AuthUser,
    @Body() body: ChallengeBody,
  ): Promise<ChallengeAnswer> {
    return this.challenges.create(user.id, body);
  }

  @Put(':id')
  @ApiOperation({
    summary: 'Change a challenge (audited with before and after)',
    description:
      "A change that pays members more than ECONOMY_RAISE_APPROVAL_PERCENT above the challenge's last approved terms " +
      '(reward, a lower goal, another kind, a wider window, publishing) waits for a second admin (pending_changes); ' +
      'the answer shows the challenge as it stands.',
  })
  @ApiOkResponse({ type: ChallengeAnswer })
  @ApiErrors('NOT_FOUND', 'BAD_REQUEST', 'VALIDATION_ERROR')
  updateChallenge(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: ChallengeBody,
  ): Promise<ChallengeAnswer> {
    return this.challenges.update(user.id, params.id, body);
  }
}

@ApiTags('users')
@Controller('users/me/progress')
@Auth()
export class ProgressController {
  constructor(private readonly challenges: ChallengesService) {}

  @Get()
  @ApiOperation({
    summary: "VIP goals against what you deposited in total, today's quota and membership dates",
  })
  @ApiOkResponse({ type: ProgressResponse })
  getProgress(@CurrentUser() user: AuthUser): Promise<ProgressResponse> {
    return this.challenges.progressOf(user.id);
  }
}
