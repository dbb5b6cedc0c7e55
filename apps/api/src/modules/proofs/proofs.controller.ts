import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { Reach } from '../../common/reach';
import { AdminProofSnapshot, LatestProof, MemberProofResponse } from './proofs.dto';
import { ProofsService } from './proofs.service';

@ApiTags('proofs')
@Controller('proofs')
export class ProofsController {
  constructor(private readonly proofs: ProofsService) {}

  @Get('latest')
  @ApiOperation({
    summary:
      'The latest proof of liabilities: Merkle sum tree root and total beside the reserves on chain (public)',
  })
  @ApiOkResponse({ type: LatestProof })
  @ApiErrors('PROOF_NOT_PUBLISHED')
  latestProof(): Promise<LatestProof> {
    return this.proofs.latest();
  }
}

@ApiTags('users')
@Controller('users/me/proof')
@Auth()
export class MemberProofController {
  constructor(private readonly proofs: ProofsService) {}

  @Get()
  @ApiOperation({
    summary:
      'Your parts and their paths in the latest proof of liabilities, with what your liability was made of',
  })
  @ApiOkResponse({ type: MemberProofResponse })
  @ApiErrors('PROOF_NOT_PUBLISHED', 'PROOF_NOT_INCLUDED')
  myProof(@CurrentUser() user: AuthUser): Promise<MemberProofResponse> {
    return this.proofs.memberProof(user.id);
  }
}

@ApiTags('admin')
@Controller('admin/proofs')
@Auth(...Staff.money)
@Reach('none')
export class AdminProofsController {
  constructor(private readonly proofs: ProofsService) {}

  @Get()
  @ApiOperation({
    summary: 'Recent proof-of-liabilities snapshots with reserves against liabilities',
  })
  @ApiOkResponse({ type: [AdminProofSnapshot] })
  listProofs(): Promise<AdminProofSnapshot[]> {
    return this.proofs.history();
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Publish a proof-of-liabilities snapshot now (audited; at most one a minute)',
  })
  @ApiOkResponse({ type: LatestProof })
  @ApiErrors('PROOF_RESERVES_UNAVAILABLE', 'PROOF_TOO_SOON')
  publishProof(@CurrentUser() user: AuthUser): Promise<LatestProof> {
    return this.proofs.publishNow(user.id);
  }
}
