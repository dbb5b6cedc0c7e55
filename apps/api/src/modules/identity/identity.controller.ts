import { Body, Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { IdParam } from '../../common/id-param.dto';
import { MoneyRoute } from '../../infra/redis/money-rate-limit';
import {
  ApiImageResponse,
  readMultipart,
  sendPrivateImage,
  singleFile,
  validateForm,
} from '../../infra/storage/uploads';
import {
  DOCUMENT_TYPES,
  OwnSideParam,
  RejectBody,
  SideParam,
  VerificationForm,
  VerificationItem,
  VerificationListQuery,
  VerificationState,
} from './identity.dto';
import { IdentityService } from './identity.service';
import { Idempotent } from '../../infra/idempotency/idempotency.interceptor';

const UPLOAD_ERRORS = [
  'FILE_TOO_LARGE',
  'TOO_MANY_FILES',
  'UNSUPPORTED_FILE_TYPE',
  'UNSUPPORTED_MEDIA_TYPE',
  'VALIDATION_ERROR',
] as const;

@ApiTags('users')
@Controller('users/me/verification')
@Auth()
export class VerificationController {
  constructor(private readonly identity: IdentityService) {}

  @Get()
  @ApiOperation({ summary: 'Your identity verification: none, pending, approved or rejected' })
  @ApiOkResponse({ type: VerificationState })
  getVerification(@CurrentUser() user: AuthUser): Promise<VerificationState> {
    return this.identity.state(user.id);
  }

  @Post()
  @HttpCode(200)
  @MoneyRoute()
  @ApiOperation({
    summary: 'Send your document for review (two photos, kept private)',
    description: 'Possible when none is pending or approved.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['country', 'document_type', 'full_name', 'document_number', 'front', 'back'],
      properties: {
        country: { type: 'string', example: 'Uzbekistan' },
        document_type: { type: 'string', enum: [...DOCUMENT_TYPES] },
        full_name: { type: 'string', example: 'Aziz Karimov' },
        document_number: { type: 'string', example: 'AA1234567' },
        front: { type: 'string', format: 'binary' },
        back: { type: 'string', format: 'binary' },
      },
    },
  })
  @ApiOkResponse({ type: VerificationState })
  @ApiErrors('VERIFICATION_PENDING', ...UPLOAD_ERRORS)
  async submitVerification(
    @CurrentUser() user: AuthUser,
    @Req() request: FastifyRequest,
  ): Promise<VerificationState> {
    const { files, fields } = await readMultipart(request);
    const form = await validateForm(VerificationForm, fields);
    return this.identity.submit(
      user.id,
      form,
      singleFile(files, 'front'),
      singleFile(files, 'back'),
    );
  }

  @Get(':side')
  @ApiImageResponse('A photo of your latest request (only you and operators see it)')
  async getOwnPhoto(
    @CurrentUser() user: AuthUser,
    @Param() params: OwnSideParam,
    @Res() reply: FastifyReply,
  ) {
    return sendPrivateImage(reply, await this.identity.ownPhoto(user.id, params.side));
  }
}

@ApiTags('admin')
@Controller('admin/verifications')
@Auth(...Staff.people)
@Reach('none')
export class VerificationReviewController {
  constructor(private readonly identity: IdentityService) {}

  @Get()
  @ApiOperation({
    summary: 'Verification requests (pending ones oldest first)',
    description: "Operators' own requests are listed for admins only.",
  })
  @ApiOkResponse({ type: [VerificationItem] })
  @ApiErrors('VALIDATION_ERROR')
  listVerifications(
    @CurrentUser() user: AuthUser,
    @Query() query: VerificationListQuery,
  ): Promise<VerificationItem[]> {
    return this.identity.list(user.role, query.status);
  }

  @Get(':id/:side')
  // Only an admin opens another operator's documents; nobody their own through the console.
  @Reach('verification', { self: 'SELF_ACTION_FORBIDDEN' })
  @ApiImageResponse('A document photo of a request')
  async getVerificationPhoto(@Param() params: SideParam, @Res() reply: FastifyReply) {
    return sendPrivateImage(reply, await this.identity.photo(params.id, params.side));
  }

  @Post(':id/approve')
  @HttpCode(200)
  @Reach('verification')
  @Idempotent()
  @ApiOperation({ summary: 'Approve a pending verification (audited)' })
  @ApiOkResponse({ type: VerificationItem })
  @ApiErrors('NOT_FOUND', 'REVIEW_ALREADY_DECIDED', 'VALIDATION_ERROR')
  approveVerification(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
  ): Promise<VerificationItem> {
    return this.identity.decide(user.id, params.id, 'approved');
  }

  @Post(':id/reject')
  @HttpCode(200)
  @Reach('verification')
  @Idempotent()
  @ApiOperation({ summary: 'Reject a pending verification with a reason for the member (audited)' })
  @ApiOkResponse({ type: VerificationItem })
  @ApiErrors('NOT_FOUND', 'REVIEW_ALREADY_DECIDED', 'VALIDATION_ERROR')
  rejectVerification(
    @CurrentUser() user: AuthUser,
    @Param() params: IdParam,
    @Body() body: RejectBody,
  ): Promise<VerificationItem> {
    return this.identity.decide(user.id, params.id, 'rejected', body.reason);
  }
}
