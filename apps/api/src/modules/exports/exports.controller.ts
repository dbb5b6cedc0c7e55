import { Controller, Get, Query, Res } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { IsDateString, IsOptional } from 'class-validator';
import { seesOperators } from '@app/domain';
import type { FastifyReply } from 'fastify';
import { Reach } from '../../common/reach';
import { ApiErrors } from '../../common/api-errors.decorator';
import { AppError } from '../../common/app-error';
import { Auth, CurrentUser, Roles, Staff } from '../../common/auth';
import type { AuthUser } from '../../common/auth';
import { csvStream, pages } from '../../common/csv';
import { AuditService } from '../audit/audit.service';
import { UsersService } from '../users/users.service';
import { WalletService } from '../wallet/wallet.service';

class PeriodQuery {
  @ApiPropertyOptional({
    format: 'date',
    description: 'From this day (UTC), included; default: everything',
  })
  @IsOptional()
  @IsDateString()
  from?: string;

  @ApiPropertyOptional({
    format: 'date',
    description: 'Until this day (UTC), excluded; default: now',
  })
  @IsOptional()
  @IsDateString()
  to?: string;
}

/** Shown in the route descriptions: every money amount of every export is in this unit. */
/** An export's answer: CSV text (csv.ts: a header line of the column names first), never JSON. */
const CSV_CONTENT = { 'text/csv': { schema: { type: 'string' } } };

const UNIT_EXAMPLE = '`55.160000` for 55.16 USDT';

function period(query: PeriodQuery): [Date, Date] {
  const from = query.from ? new Date(query.from) : new Date(0);
  const to = query.to ? new Date(query.to) : new Date(Date.now() + 1000);
  if (!(from < to)) throw new AppError('BAD_REQUEST', '`from` must be before `to`');
  return [from, to];
}

function send(reply: FastifyReply, name: string, body: NodeJS.ReadableStream) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${name}"`)
    .header('Cache-Control', 'no-store')
    .send(body);
}

/** CSV files of a period, streamed page by page (never the whole table in memory). */
@ApiTags('admin')
@Controller('admin/exports')
@Auth(...Staff.any)
@Reach('none')
export class ExportsController {
  constructor(
    private readonly users: UsersService,
    private readonly wallet: WalletService,
    private readonly audit: AuditService,
  ) {}

  @Get('members.csv')
  @ApiOperation({
    summary: 'Members who joined in a period, with balances (CSV)',
    description: `money and points in USDT with exactly 6 decimals (${UNIT_EXAMPLE}), like every amount of every export; operators appear in an admin's export only`,
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV, one member a line', content: CSV_CONTENT })
  @ApiErrors('BAD_REQUEST', 'VALIDATION_ERROR')
  exportMembers(
    @CurrentUser() user: AuthUser,
    @Query() query: PeriodQuery,
    @Res() reply: FastifyReply,
  ) {
    const [from, to] = period(query);
    // Operators' phones, mailboxes and balances are an admin's to see (libs/domain reach.ts).
    const membersOnly = !seesOperators(user.role);
    const columns = [
      'id',
      'phone',
      'nickname',
      'role',
      'is_active',
      'vip_level',
      'vip_expire',
      'verification',
      'mail',
      'inviter_id',
      'created_at',
      'money',
      'points',
    ];
    return send(
      reply,
      'members.csv',
      csvStream(
        columns,
        pages((after) => this.users.exportPage(from, to, after, membersOnly)),
      ),
    );
  }

  @Get('records.csv')
  @Roles(...Staff.money)
  @ApiOperation({
    summary: 'Deposit, withdrawal, card and adjustment records of a period (CSV)',
    description: `amount and fee in USDT with exactly 6 decimals (${UNIT_EXAMPLE}), like every amount of every export`,
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV, one record a line', content: CSV_CONTENT })
  @ApiErrors('BAD_REQUEST', 'VALIDATION_ERROR')
  exportRecords(@Query() query: PeriodQuery, @Res() reply: FastifyReply) {
    const [from, to] = period(query);
    const columns = [
      'id',
      'user_id',
      'type',
      'is_add',
      'amount',
      'fee',
      'status',
      'tx_id',
      'wallet',
      'reason',
      'created_at',
    ];
    return send(
      reply,
      'records.csv',
      csvStream(
        columns,
        pages((after) => this.wallet.exportPage(from, to, after)),
      ),
    );
  }

  @Get('audit.csv')
  @Roles(...Staff.admin)
  @ApiOperation({
    summary:
      'Operator actions of a period (CSV), with what checks them offline (pnpm verify:audit)',
    description:
      'details as the JSON each action recorded, exactly as stored (amounts there as in the API answers: USDT numbers); ' +
      'created_at in UTC to the microsecond. Each row is hashed as SHA-256 of ' +
      '`prev_hash|chain_seq|id|actor_id|action|target_user_id|details|created_at` (these columns, as written here) ' +
      'and sig is the Ed25519 signature of `audit|<chain_seq>|<hash>` (the public key: `audit_head.public_key` of GET /proofs/latest). ' +
      'Without from and to, the whole chain',
  })
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'CSV, one action a line', content: CSV_CONTENT })
  @ApiErrors('BAD_REQUEST', 'VALIDATION_ERROR')
  exportAudit(@Query() query: PeriodQuery, @Res() reply: FastifyReply) {
    const [from, to] = period(query);
    const columns = [
      'id',
      'actor_id',
      'action',
      'target_user_id',
      'details',
      'created_at',
      'chain_seq',
      'prev_hash',
      'hash',
      'sig',
    ];
    return send(
      reply,
      'audit.csv',
      csvStream(
        columns,
        pages((after) => this.audit.exportPage(from, to, after)),
      ),
    );
  }
}
