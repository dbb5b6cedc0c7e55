import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  MICRO_PER_USDT,
  VIP_PROGRESS_GOALS,
  effectiveVipLevel,
  microToNumber,
  raisesBeyond,
} from '@app/domain';
import { EconomyService } from '../economy/economy.service';
import { AppError, ValidationFailed } from '../../common/app-error';
import { toMicro } from '../../common/validators';
import { EconomyChangesService } from '../approvals/economy-changes.service';
import { AuditService } from '../audit/audit.service';
import { LedgerService } from '../ledger/ledger.service';
import { member, system } from '../ledger/ledger.accounts';
import { TrailersService } from '../trailers/trailers.service';
import { UsersService } from '../users/users.service';
import { WalletService } from '../wallet/wallet.service';
import { AdminChallenge, ChallengeBody, ChallengeItem, ProgressResponse } from './challenges.dto';
import { ChallengeRow, ChallengesRepository } from './challenges.repository';

/** What a challenge pays members: its reward while published. */
const payOf = (body: ChallengeBody): bigint =>
  (body.published ?? true) ? toMicro(body.reward) : 0n;

/**
 * Challenges operators set: a member's count comes from their real activity
 * (trailers counted or USDT deposited between the dates, invitees at VIP1 or
 * above now); reaching the goal lets them claim the reward once, paid from
 * the `challenges` account in one ledger transaction whose key is the
 * (challenge, member) pair, so parallel claims pay once.
 */
@Injectable()
export class ChallengesService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: ChallengesRepository,
    private readonly ledger: LedgerService,
    private readonly users: UsersService,
    private readonly trailers: TrailersService,
    private readonly wallet: WalletService,
    private readonly audit: AuditService,
    private readonly economy: EconomyService,
    private readonly changes: EconomyChangesService,
  ) {
    // A second admin's approval carries the waiting change out as proposed.
    changes.register('challenge', async (db, { targetId, after, operatorId }) => {
      const before = await this.repository.lock(db, targetId!);
      if (!before) throw new AppError('NOT_FOUND', 'Challenge not found');
      await this.write(db, operatorId, targetId!, before, after as ChallengeBody);
    });
  }

  /** `/progress`: the VIP goals against what the member deposited, and today's quota. */
  async progressOf(userId: number): Promise<ProgressResponse> {
    const deposited = microToNumber(
      await this.wallet.depositedBetween(userId, new Date(0), new Date(Date.now() + 1000)),
    );
    return this.dataSource.transaction(async (db) => {
      const membership = await this.users.membership(db, userId);
      if (!membership) throw new AppError('UNAUTHORIZED');
      const level = effectiveVipLevel(membership.vipLevel, membership.vipExpire, new Date());
      const tier = await this.economy.tier(level, db).catch(() => null);
      return {
        levels: VIP_PROGRESS_GOALS.map((goal, i) => ({ level: i + 1, goal, value: deposited })),
        daily_tasks: tier?.dailyTrailers ?? 0,
        vip_level: level,
        vip_expire: level > 0 && membership.vipExpire ? membership.vipExpire.toISOString() : null,
      };
    });
  }

  /** The member's progress, in the goal's unit (micro-USDT for deposits). */
  private async progress(userId: number, row: ChallengeRow): Promise<bigint> {
    switch (row.kind) {
      case 'trailers':
        return BigInt(await this.trailers.countedBetween(userId, row.starts_at, row.ends_at));
      case 'deposits':
        return this.wallet.depositedBetween(userId, row.starts_at, row.ends_at);
      case 'team_vip1':
        return BigInt(
          (await this.users.downline(userId)).filter((m) => m.depth === 1 && m.vipLevel >= 1)
            .length,
        );
    }
  }

  private item(row: ChallengeRow, count: bigint, claimed: boolean): ChallengeItem {
    const goal = BigInt(row.goal);
    const show = (value: bigint) =>
      row.kind === 'deposits' ? microToNumber(value) : Number(value);
    return {
      id: row.id,
      title: row.title,
      text: row.text,
      image_url: row.image_url,
      kind: row.kind,
      reward: microToNumber(BigInt(row.reward_micro)),
      count: show(count < goal ? count : goal),
      goal: show(goal),
      completed: count >= goal,
      claimed,
      starts_at: row.starts_at.toISOString(),
      ends_at: row.ends_at.toISOString(),
    };
  }

  /** Published challenges that have started, newest first, each with the member's progress. */
  async list(userId: number): Promise<ChallengeItem[]> {
    const rows = await this.repository.listFor(userId);
    return Promise.all(
      rows.map(async (row) => this.item(row, await this.progress(userId, row), row.claimed)),
    );
  }

  /**
   * Operators set the challenges and their rewards: none of them claims one
   * (issue 25, no self-dealing), whatever their role.
   */
  async claim(userId: number, id: number): Promise<{ reward: number }> {
    const account = await this.users.account(userId);
    if (account && account.role !== 'member') {
      throw new AppError('SELF_DEALING_FORBIDDEN', 'Operators cannot claim challenge payouts');
    }
    const row = await this.repository.findOpen(id);
    if (!row) throw new AppError('NOT_FOUND', 'Challenge not found');
    if ((await this.progress(userId, row)) < BigInt(row.goal)) {
      throw new AppError('CHALLENGE_NOT_COMPLETE');
    }
    const reward = BigInt(row.reward_micro);
    await this.dataSource.transaction(async (db) => {
      const posted = await this.ledger.post(db, {
        key: `challenge:${id}:${userId}`,
        kind: 'challenge_reward',
        userId,
        memo: { challenge_id: id },
        transfers: [{ from: system('challenges'), to: member(userId, 'money'), amount: reward }],
      });
      if (posted.replayed) return; // claimed before: the first claim paid
      await this.repository.insertClaim(db, id, userId, posted.transactionId);
    });
    return { reward: microToNumber(reward) };
  }

  // Operators.

  async adminList(): Promise<AdminChallenge[]> {
    const rows = await this.repository.adminList();
    return rows.map((row) => ({
      ...this.item(row, 0n, false),
      published: row.published,
      claims: row.claims,
    }));
  }

  /**
   * A published challenge with a reward is a raise of members' pay: while
   * ECONOMY_RAISE_APPROVAL_PERCENT is on it is created unpublished and its
   * publication waits for a second admin (GET /admin/economy/changes).
   */
  async create(operatorId: number, body: ChallengeBody): Promise<AdminChallenge> {
    const values = this.values(body);
    const waits = this.changes.raisePercent > 0 && payOf(body) > 0n;
    const id = await this.dataSource.transaction(async (db) => {
      const row = {
        id: await this.repository.insert(db, waits ? [...values.slice(0, 8), false] : values),
      };
      await this.audit.record(db, operatorId, 'challenge.create', null, {
        challenge_id: row.id,
        after: waits ? { ...body, published: false } : body,
      });
      if (waits) {
        await this.changes.propose(
          db,
          {
            target: 'challenge',
            targetId: row.id,
            before: { ...body, published: false },
            after: body,
          },
          operatorId,
        );
      }
      return row.id;
    });
    return (await this.adminList()).find((c) => c.id === id)!;
  }

  /** A raise of the reward paid (published reward) beyond the percentage waits for a second admin. */
  async update(operatorId: number, id: number, body: ChallengeBody): Promise<AdminChallenge> {
    this.values(body);
    await this.dataSource.transaction(async (db: EntityManager) => {
      const before = await this.repository.lock(db, id);
      if (!before) throw new AppError('NOT_FOUND', 'Challenge not found');
      const paid = before.published ? BigInt(before.reward_micro) : 0n;
      const percent = this.changes.raisePercent;
      if (percent > 0 && raisesBeyond(paid, payOf(body), percent)) {
        await this.changes.propose(
          db,
          { target: 'challenge', targetId: id, before: this.item(before, 0n, false), after: body },
          operatorId,
        );
        return;
      }
      await this.write(db, operatorId, id, before, body);
    });
    return (await this.adminList()).find((c) => c.id === id)!;
  }

  private async write(
    db: EntityManager,
    operatorId: number,
    id: number,
    before: ChallengeRow,
    body: ChallengeBody,
  ) {
    await this.repository.update(db, id, this.values(body));
    await this.audit.record(db, operatorId, 'challenge.update', null, {
      challenge_id: id,
      before: this.item(before, 0n, false),
      after: body,
    });
  }

  /** Counts are whole numbers; deposit goals are USDT. Ends after it starts. */
  private values(body: ChallengeBody) {
    const goal = toMicro(body.goal);
    if (body.kind !== 'deposits' && goal % MICRO_PER_USDT !== 0n) {
      throw new ValidationFailed([
        {
          loc: ['body', 'goal'],
          msg: 'goal is a whole number for this kind',
          type: 'value_error.goal',
        },
      ]);
    }
    if (!(new Date(body.ends_at) > new Date(body.starts_at))) {
      throw new AppError('BAD_REQUEST', 'ends_at must be after starts_at');
    }
    return [
      body.title,
      body.text,
      body.image_url ?? '',
      body.kind,
      (body.kind === 'deposits' ? goal : goal / MICRO_PER_USDT).toString(),
      toMicro(body.reward).toString(),
      new Date(body.starts_at),
      new Date(body.ends_at),
      body.published ?? true,
    ];
  }
}
