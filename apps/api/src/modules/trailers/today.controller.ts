import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Auth, CurrentUser } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { MemberTodayResponse } from './trailers.dto';
import { WatchService } from './watch.service';

/** The member's trailer day, under the member's own path. */
@ApiTags('users')
@Controller('users')
export class TodayController {
  constructor(private readonly watches: WatchService) {}

  @Get('me/today')
  @Auth()
  @ApiOperation({ summary: "Today's trailer earnings and count (UTC day)" })
  @ApiOkResponse({ type: MemberTodayResponse })
  getToday(@CurrentUser() user: AuthUser): Promise<MemberTodayResponse> {
    return this.watches.today(user.id);
  }
}
