import { Controller, Get, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrors } from '../../common/api-errors.decorator';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { StatementPage, StatementQuery } from './statement.dto';
import { StatementService } from './statement.service';
import { ContentLanguage, type Language } from '../../common/language';

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
      'adjustments, promotions, hold releases, challenges, each with `details` (trailer and title, the team ' +
      "level and member of a commission, the VIP level bought, a deposit's or withdrawal's tx id and address; " +
      'titles in the language of `Accept-Language`). Page with `before` = `next_before`.',
  })
  @ApiOkResponse({ type: StatementPage })
  @ApiErrors('VALIDATION_ERROR')
  getStatement(
    @CurrentUser() user: AuthUser,
    @Query() query: StatementQuery,
    @ContentLanguage() lang: Language,
  ): Promise<StatementPage> {
    return this.statement.page(user.id, query, lang);
  }
}
