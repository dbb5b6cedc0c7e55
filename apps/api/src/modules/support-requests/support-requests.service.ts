import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { normalizePhone } from '@app/domain';
import { AppError } from '../../common/app-error';
import type { Language } from '../../common/language';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AuditService } from '../audit/audit.service';
import { MemberEventsService } from '../../infra/events/member-events.service';
import { REDIS } from '../../infra/redis/redis.module';
import { UsersService } from '../users/users.service';
import {
  SupportRequestBody,
  SupportRequestCreated,
  SupportRequestItem,
  SupportRequestsQuery,
} from './support-requests.dto';
import { SupportRequestRow, SupportRequestsRepository } from './support-requests.repository';

const HOUR_S = 3600;

/**
 * The way to a person that works out of the box (issue 39): with no support
 * link set, or locked out without a mailbox, a member writes here, signed in
 * or not, and the request waits in the console's support queue. Anyone can
 * send one, so each phone and each client address gets
 * SUPPORT_REQUESTS_PER_HOUR; an operator calls the phone back before acting
 * on a request sent signed out (docs/operations.md).
 */
@Injectable()
export class SupportRequestsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly requests: SupportRequestsRepository,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly events: MemberEventsService,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async send(
    body: SupportRequestBody,
    senderId: number | null,
    ip: string,
    lang: Language,
  ): Promise<SupportRequestCreated> {
    const phone = normalizePhone(body.phone);
    await this.limit(phone, ip);
    const id = await this.requests.insert({
      userId: senderId,
      phone,
      topic: body.topic,
      message: body.message,
      lang,
    });
    this.events.publishQueue('support', id);
    return { id: Number(id), status: 'open' };
  }

  async list(query: SupportRequestsQuery): Promise<SupportRequestItem[]> {
    const rows = await this.requests.list({
      status: query.status,
      limit: query.limit ?? 50,
      before: query.before,
    });
    const accounts = await this.users.idsByPhone(rows.map((row) => row.phone));
    return rows.map((row) => item(row, accounts.get(row.phone) ?? null));
  }

  /** Done with (answered, or nothing to do): audited; closing again changes nothing. */
  async close(operatorId: number, id: number): Promise<SupportRequestItem> {
    const row = await this.dataSource.transaction(async (db) => {
      const closed = await this.requests.close(db, id, operatorId);
      if (!closed) throw new AppError('NOT_FOUND');
      if (closed.changed) {
        await this.audit.record(db, operatorId, 'support.close', closed.row.user_id, {
          request_id: Number(closed.row.id),
          topic: closed.row.topic,
        });
      }
      return closed.row;
    });
    this.events.publishQueue('support', row.id);
    const accounts = await this.users.idsByPhone([row.phone]);
    return item(row, accounts.get(row.phone) ?? null);
  }

  /** Requests waiting for an operator (the console's count). */
  waitingCount(): Promise<number> {
    return this.requests.countOpen();
  }

  private async limit(phone: string, ip: string): Promise<void> {
    const max = this.config.SUPPORT_REQUESTS_PER_HOUR;
    if (!max) return;
    for (const key of [`support:phone:${phone}`, `support:ip:${ip}`]) {
      const [[, count], , [, ttl]] = (await this.redis
        .multi()
        .incr(key)
        .expire(key, HOUR_S, 'NX')
        .ttl(key)
        .exec()) as [[null, number], unknown, [null, number]];
      if (count > max) {
        throw new AppError('TOO_MANY_ATTEMPTS', 'Too many requests to support for now', {
          'Retry-After': String(Math.max(1, ttl)),
        });
      }
    }
  }
}

const item = (row: SupportRequestRow, accountId: number | null): SupportRequestItem => ({
  id: Number(row.id),
  phone: row.phone,
  topic: row.topic,
  message: row.message,
  lang: row.lang,
  sent_by: row.user_id,
  account_id: accountId,
  status: row.status,
  closed_by: row.closed_by,
  closed_at: row.closed_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
});
