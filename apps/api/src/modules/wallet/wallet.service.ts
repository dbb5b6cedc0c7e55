import { HttpStatus, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { effectiveVipLevel, microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { lockMember } from '../../database/locks';
import { ContentService } from '../content/content.service';
import { member, system } from '../ledger/ledger.accounts';
import { LedgerService, insufficientFunds } from '../ledger/ledger.service';
import { BalanceRecordItem, BuyVipResponse, TransferResponse } from './wallet.dto';

const DAY_MS = 24 * 3600 * 1000;

@Injectable()
export class WalletService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly ledger: LedgerService,
    private readonly content: ContentService,
  ) {}

  /**
   * E-Wallet money to registration points, 1:1. Each currency balances on its
   * own through the conversion accounts, so USDT and points never mix.
   */
  async transfer(userId: number, amount: bigint, requestKey?: string): Promise<TransferResponse> {
    return this.dataSource.transaction(async (manager) => {
      await this.ledger.post(manager, {
        key: `transfer:${userId}:${requestKey ?? randomUUID()}`,
        kind: 'transfer',
        userId,
        transfers: [
          { from: member(userId, 'money'), to: system('conversion'), amount },
          { from: system('points_conversion'), to: member(userId, 'points'), amount },
        ],
      });
      const balances = await this.ledger.balancesOf(manager, userId);
      return { money: microToNumber(balances.money), points: microToNumber(balances.points) };
    });
  }

  /**
   * Buys a level above the effective one for 75 days (the table's days), paid
   * in full from points when they cover it, else from money. The member row is
   * locked, so two purchases by one member run one after the other.
   */
  async buyVip(userId: number, level: number): Promise<BuyVipResponse> {
    return this.dataSource.transaction(async (manager) => {
      await lockMember(manager, userId);
      const [user] = await manager.query(
        `SELECT vip_level, vip_expire, inviter_id FROM users WHERE id = $1`,
        [userId],
      );
      const now = new Date();
      const current = effectiveVipLevel(user.vip_level, user.vip_expire, now);
      if (level <= current) {
        throw new AppError(
          HttpStatus.BAD_REQUEST,
          'VIP_LEVEL_NOT_ABOVE_CURRENT',
          'Only a level above the current one can be bought',
        );
      }
      const tier = await this.content.tier(level, manager);
      const balances = await this.ledger.balancesOf(manager, userId);
      const paidFrom =
        balances.points >= tier.priceMicro
          ? 'points'
          : balances.money >= tier.priceMicro
            ? 'money'
            : null;
      if (!paidFrom) throw insufficientFunds();
      if (tier.priceMicro > 0n) {
        await this.ledger.post(manager, {
          key: `buy-vip:${userId}:${level}:${user.vip_expire ? new Date(user.vip_expire).getTime() : 'none'}`,
          kind: 'buy_vip',
          userId,
          memo: { vip_level: level },
          transfers: [
            paidFrom === 'points'
              ? {
                  from: member(userId, 'points'),
                  to: system('points_vip_sales'),
                  amount: tier.priceMicro,
                }
              : { from: member(userId, 'money'), to: system('vip_sales'), amount: tier.priceMicro },
          ],
        });
      }
      const vipExpire = new Date(now.getTime() + tier.membershipDays * DAY_MS);
      await manager.query(
        `UPDATE users SET vip_level = $2, vip_expire = $3, updated_at = now() WHERE id = $1`,
        [userId, level, vipExpire],
      );
      if (user.inviter_id !== null) {
        // Recorded now, paid by the worker: the grant row is the pending work.
        await manager.query(
          `INSERT INTO promotion_grants (campaign_id, member_id, inviter_id)
           SELECT id, $1, $2 FROM promotion_campaigns
           WHERE $3 >= min_vip_level AND starts_at <= $4 AND $4 < ends_at
           ON CONFLICT (campaign_id, member_id) DO NOTHING`,
          [userId, user.inviter_id, level, now],
        );
      }
      return { vip_level: level, vip_expire: vipExpire.toISOString(), paid_from: paidFrom };
    });
  }

  async records(
    userId: number,
    add: boolean | undefined,
    limit: number,
    before?: number,
  ): Promise<BalanceRecordItem[]> {
    const rows: {
      id: string;
      type: BalanceRecordItem['type'];
      is_add: boolean;
      amount_micro: string;
      fee_micro: string;
      status: BalanceRecordItem['status'];
      tx_id: string | null;
      wallet: string | null;
      created_at: Date;
    }[] = await this.dataSource.query(
      `SELECT id, type, is_add, amount_micro, fee_micro, status, tx_id, wallet, created_at FROM balance_records
       WHERE user_id = $1 AND ($2::boolean IS NULL OR is_add = $2) AND ($3::bigint IS NULL OR id < $3)
       ORDER BY id DESC LIMIT $4`,
      [userId, add ?? null, before ?? null, limit],
    );
    return rows.map((row) => {
      const amount = BigInt(row.amount_micro);
      const fee = BigInt(row.fee_micro);
      return {
        id: Number(row.id),
        amount: microToNumber(amount),
        is_add: row.is_add,
        type: row.type,
        status: row.status,
        created_at: row.created_at.toISOString(),
        tx_id: row.tx_id,
        fee: microToNumber(fee),
        net_amount: microToNumber(amount - fee),
        wallet: row.wallet,
      };
    });
  }
}
