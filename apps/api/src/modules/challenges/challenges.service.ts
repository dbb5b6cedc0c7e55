import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import {
  type ChallengeTerms,
  MICRO_PER_USDT,
  VIP_PROGRESS_GOALS,
  challengeRaise,
  effectiveVipLevel,
  microToNumber,
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
import {
  AdminChallenge,
  ChallengeAnswer,
  ChallengeBody,
  ChallengeItem,
  ProgressResponse,
} from './challenges.dto';
import { ChallengeRow, ChallengesRepository } from './challenges.repository';

/** A challenge as its waiting changes and approved baseline keep it: the body, every field said. */
type ChallengeValuesJson = Required<ChallengeBody>;

const bodyJson = (body: ChallengeBody): ChallengeValuesJson => ({
  title: body.title,
  text: body.text,
  image_url: body.image_url ?? '',
  kind: body.kind,
  goal: body.goal,
  reward: body.reward,
  starts_at: body.starts_at,
  ends_at: body.ends_at,
  published: body.published ?? true,
});

const rowJson = (row: ChallengeRow): ChallengeValuesJson => ({
  title: row.title,
  text: row.text,
  image_url: row.image_url,
  kind: row.kind,
  goal: row.kind === 'deposits' ? microToNumber(BigInt(row.goal)) : Number(row.goal),
  reward: microToNumber(BigInt(row.reward_micro)),
  starts_at: row.starts_at.toISOString(),
  ends_at: row.ends_at.toISOString(),
  published: row.published,
});

/** What libs/domain compares (the goal in micro units of its kind: only compared within one kind). */
const challengeTerms = (c: ChallengeValuesJson): ChallengeTerms => ({
  published: c.published,
  kind: c.kind,
  reward: toMicro(c.reward),
  goal: toMicro(c.goal),
  startsAt: Date.parse(c.starts_at),
  endsAt: Date.parse(c.ends_at),
});

const raises = (approved: ChallengeValuesJson | null, next: ChallengeValuesJson, percent: number) =>
  challengeRaise(approved && challengeTerms(approved), challengeTerms(next), percent);

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
   * A published challenge with a reward is a raise of members' pay from
   * nothing: while ECONOMY_RAISE_APPROVAL_PERCENT is on it is created
   * unpublished and its publication waits for a second admin (GET
   * /admin/economy/changes).
   */
  async create(operatorId: number, body: ChallengeBody): Promise<ChallengeAnswer> {
    this.values(body);
    const next = bodyJson(body);
    const percent = this.changes.raisePercent;
    const waits = percent > 0 && raises(null, next, percent);
    const stored = waits ? { ...next, published: false } : next;
    const { id, pending } = await this.dataSource.transaction(async (db) => {
      const id = await this.repository.insert(db, this.values(stored));
      await this.audit.record(db, operatorId, 'challenge.create', null, {
        challenge_id: id,
        after: stored,
      });
      const waiting = waits
        ? await this.changes.holdRaise(
            db,
            { target: 'challenge', targetId: id, current: stored, next, raises },
            operatorId,
          )
        : null;
      return { id, pending: waiting ? [waiting] : [] };
    });
    return { ...(await this.adminItem(id)), pending_changes: pending };
  }

  /**
   * A change that pays members more than the percentage above the
   * challenge's approved terms (libs/domain challengeRaise: reward, goal
   * going down, kind, dates widening) waits for a second admin.
   */
  async update(operatorId: number, id: number, body: ChallengeBody): Promise<ChallengeAnswer> {
    this.values(body);
    const pending = await this.dataSource.transaction(async (db: EntityManager) => {
      const before = await this.repository.lock(db, id);
      if (!before) throw new AppError('NOT_FOUND', 'Challenge not found');
      const waiting = await this.changes.holdRaise(
        db,
        {
          target: 'challenge',
          targetId: id,
          current: rowJson(before),
          next: bodyJson(body),
          raises,
        },
        operatorId,
      );
      if (!waiting) await this.write(db, operatorId, id, before, body);
      return waiting ? [waiting] : [];
    });
    return { ...(await this.adminItem(id)), pending_changes: pending };
  }

  private async adminItem(id: number): Promise<AdminChallenge> {
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
