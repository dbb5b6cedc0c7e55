import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { StatementPage, StatementQuery } from './statement.dto';
import { StatementService } from './statement.service';

@ApiTags('wallet')
@Controller('users/me/statement')
@Auth()
export class StatementController {
  constructor(private readonly statement: StatementService) {}

  @Get()
  @ApiOperation({
    summary: 'Every movement of the member’s own accounts with the balance after it, newest first',
    description:
      'One row per ledger movement of the money, points and held points accounts: watch rewards, ' +
      'team commissions, purchases, transfers, deposits, withdrawals and their refunds, ' +
      'adjustments, promotions, hold releases, challenges. Page with `before` = `next_before`.',
  })
  @ApiOkResponse({ type: StatementPage })
  @ApiErrors('VALIDATION_ERROR')
  getStatement(
    @CurrentUser() user: AuthUser,
    @Query() query: StatementQuery,
  ): Promise<StatementPage> {
    return this.statement.page(user.id, query);
  }
}
