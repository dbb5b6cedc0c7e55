import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { OK, OkResponse } from '../../common/ok.dto';
import { TransactionPasswordBody } from '../users/users.dto';
import { RecoveryService } from './recovery.service';

@ApiTags('users')
@Controller('users')
@Auth()
export class RecoveryController {
  constructor(private readonly recovery: RecoveryService) {}

  @Post('transaction_password')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Set the transaction password, or change it with the current one',
    description:
      'Once set, withdrawals and address-book changes need it. Set or changed within RECOVERY_HOLD_HOURS ' +
      'of a password reset, the member is told (a message, and a mail to a bound mailbox), and the hold ' +
      'on withdrawals stays as it is.',
  })
  @ApiOkResponse({ type: OkResponse })
  @ApiErrors('INCORRECT_TRANSACTION_PASSWORD', 'TOO_MANY_ATTEMPTS', 'VALIDATION_ERROR')
  async setTransactionPassword(
    @CurrentUser() user: AuthUser,
    @Body() body: TransactionPasswordBody,
  ): Promise<OkResponse> {
    await this.recovery.setTransactionPassword(user.id, body.password, body.old_password);
    return OK;
  }
}
