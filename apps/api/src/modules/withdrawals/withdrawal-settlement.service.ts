import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { formatUsdt } from '@app/domain';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { readReceipt } from '../../infra/tron/trc20';
import { TronClient, TronNodeError } from '../../infra/tron/tron.client';
import { EnergyService } from '../../infra/tron/energy.service';
import { HotWallet } from '../../infra/tron/hot-wallet';
import { CostReceipt, TronCostsService } from '../../infra/tron/tron-costs.service';
import { inSpan } from '../../infra/tracing/trace-context';
import { MEMBER_REFILL_REASON, REFILL_NOTE } from './withdrawal-refill';
import { WithdrawalsRepository } from './withdrawals.repository';
import { WalletService } from '../wallet/wallet.service';
import { WithdrawalsService } from './withdrawals.service';

/**
 * Sends approved withdrawals from the hot wallet (worker only), crash-safe:
 *
 * 1. sign: build and sign the transfer, then store the signed bytes, tx id and
 *    expiration as the withdrawal's one live attempt in the same database
 *    transaction that marks it `signed`; nothing is sent before that commit;
 * 2. send: broadcast the stored bytes; a duplicate counts as sent; a timeout
 *    or an odd answer sends the same bytes again next time;
 * 3. confirm: the solidified receipt settles the ledger (SUCCESS) or marks it
 *    `failed` with the decoded reason for an operator; a transaction that
 *    expired unseen (solidified head past its expiration and unknown to the
 *    node) ends, and only then is a new one signed.
 *
 * A crash between any two steps leaves a state the next tick continues from
 * (the tick is declared in withdrawals.jobs.ts).
 */
@Injectable()
export class WithdrawalSettlementService {
  private readonly logger = new Logger(WithdrawalSettlementService.name);
  /** Where the last pass over approved withdrawals stopped: the next pass goes on from there. */
  private approvedAfter = '0';

  constructor(
    private readonly tronCosts: TronCostsService,
    private readonly dataSource: DataSource,
    private readonly withdrawals: WithdrawalsRepository,
    private readonly service: WithdrawalsService,
    private readonly records: WalletService,
    private readonly tron: TronClient,
    private readonly hot: HotWallet,
    private readonly energy: EnergyService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * One pass over everything in flight, then over what waits to be signed; a
   * stop (`stopping` aborted) ends it between two withdrawals.
   */
  async settle(stopping?: AbortSignal): Promise<void> {
    for (const w of await this.withdrawals.idsIn(['signed', 'sent'], 100)) {
      if (stopping?.aborted) return;
      await this.traced('follow', w, () => this.follow(w.id));
    }
    // A page of approved withdrawals per pass, going round: twenty that wait for a short hot
    // wallet never keep the ones behind them from being looked at (and sent when they fit).
    let waiting = await this.withdrawals.idsIn(['approved'], 20, this.approvedAfter);
    if (waiting.length === 0 && this.approvedAfter !== '0') {
      waiting = await this.withdrawals.idsIn(['approved'], 20);
    }
    this.approvedAfter = waiting.length === 20 ? waiting[waiting.length - 1].id : '0';
    for (const w of waiting) {
      if (stopping?.aborted) return;
      await this.traced('sign', w, () => this.sign(w.id));
    }
    // Nothing left to send: energy lent to the hot wallet goes back to the staking account.
    if (waiting.length === 0 && this.hot.address && this.energy.stakerAddress) {
      const inFlight = await this.withdrawals.idsIn(['signed', 'sent'], 1);
      if (inFlight.length === 0) await this.energy.release(this.hot.address);
    }
  }

  /**
   * A step of one withdrawal in the trace of the request that took it (tracing on): the
   * member's `POST /balance/take`, its settlement's queries and node calls, one trace.
   */
  private traced(
    step: 'sign' | 'follow',
    w: { id: string; trace_parent: string | null },
    work: () => Promise<void>,
  ): Promise<void> {
    return inSpan(
      `withdrawal ${step}`,
      { parent: w.trace_parent, attributes: { 'withdrawal.id': w.id } },
      work,
    );
  }

  private async sign(id: string): Promise<void> {
    const w = await this.withdrawals.find(this.dataSource, id);
    if (!w || w.status !== 'approved' || !this.hot.privateKey || !this.hot.address) return;
    // Screened before anything is signed: a node that cannot say ends this pass (the tick warns).
    if (await this.tron.isBlacklisted(w.wallet)) {
      await this.service.refuseBlacklistedSend(id);
      return;
    }
    const net = BigInt(w.net_micro);
    const usdt = await this.tron.usdtBalance(this.hot.address);
    // With a cap (cold storage), the hot wallet keeps a day's payouts: below that it waits for a refill.
    const reserve = await this.reserve();
    const refill =
      usdt < net
        ? `${REFILL_NOTE}: the hot wallet holds ${formatUsdt(usdt)} USDT`
        : usdt - net < reserve
          ? `${REFILL_NOTE}: sending ${formatUsdt(net)} USDT would leave ${formatUsdt(usdt - net)} USDT, below a day's payouts (${formatUsdt(reserve)} USDT)`
          : null;
    // Energy: its own, a lend from the staking account (cheaper), or TRX burnt up to the fee limit.
    const energy = refill ? null : await this.energy.prepare(this.hot.address, w.wallet, net);
    const short = refill ?? (energy && !energy.ready ? energy.note : null);
    // Written only when it changed: twenty withdrawals waiting cost no writes per pass.
    if (short !== w.reason) {
      await this.withdrawals.note(id, short);
      // What the member sees on the withdrawal (the web translates it), when that changed too.
      if (Boolean(refill) !== Boolean(w.reason?.startsWith(REFILL_NOTE))) {
        await this.records.noteWithdrawalWaiting(w.record_id, refill ? MEMBER_REFILL_REASON : null);
      }
    }
    if (short) return;
    const signed = await this.tron.signUsdtTransfer(
      this.hot.privateKey,
      w.wallet,
      net,
      this.config.TRON_FEE_LIMIT_SUN,
    );
    await this.dataSource.transaction(async (db) => {
      if (!(await this.withdrawals.transition(db, id, ['approved'], 'signed', { reason: null })))
        return;
      await this.withdrawals.addAttempt(db, id, signed);
    });
    await this.follow(id);
  }

  /**
   * What the hot wallet keeps for a day's payouts once it is capped
   * (HOT_WALLET_MAX_USDT): HOT_WALLET_RESERVE_USDT, or the withdrawals sent
   * in the last 24 hours. No cap: nothing (a withdrawal only waits when the
   * wallet cannot pay it).
   */
  private async reserve(): Promise<bigint> {
    if (!this.config.HOT_WALLET_MAX_USDT) return 0n;
    const fixed = this.config.HOT_WALLET_RESERVE_USDT;
    return fixed > 0 ? BigInt(fixed) * 1_000_000n : this.withdrawals.sentLastDay();
  }

  private async follow(id: string): Promise<void> {
    const attempt = await this.withdrawals.liveAttempt(this.dataSource, id);
    if (!attempt) return;
    const raw = await this.tron.solidReceipt(attempt.tx_id);
    if (raw) {
      const receipt = readReceipt(raw);
      const doubt = await this.secondOpinion(id, receipt);
      if (doubt) return this.service.holdSettlement(id, doubt);
      return this.conclude(id, attempt.id, attempt.tx_id, receipt, raw);
    }

    const { solidifiedAt } = await this.tron.heads();
    if (solidifiedAt > attempt.expires_at && !(await this.tron.knows(attempt.tx_id))) {
      // It can never be included now: a new attempt may be signed.
      await this.dataSource.transaction(async (db) => {
        if (await this.withdrawals.endAttempt(db, attempt.id, ['signed', 'sent'], 'expired')) {
          await this.withdrawals.transition(db, id, ['signed', 'sent'], 'approved');
        }
      });
      return;
    }
    if (attempt.status === 'sent' && (await this.tron.knows(attempt.tx_id))) return;
    let result: Awaited<ReturnType<TronClient['broadcast']>>;
    try {
      result = await this.tron.broadcast(attempt.signed_tx);
    } catch (error) {
      // Unknown whether it arrived: the same bytes go again next tick.
      if (error instanceof TronNodeError || error instanceof Error) {
        this.logger.warn(`withdrawal ${id}: broadcast unanswered (${error.message})`);
      }
      return;
    }
    await this.dataSource.transaction(async (db) => {
      if (result.outcome === 'sent') {
        if (await this.withdrawals.endAttempt(db, attempt.id, ['signed'], 'sent')) {
          await this.withdrawals.transition(db, id, ['signed'], 'sent');
        }
      } else if (result.outcome === 'rejected') {
        if (
          await this.withdrawals.endAttempt(
            db,
            attempt.id,
            ['signed', 'sent'],
            'failed',
            result.message,
          )
        ) {
          await this.withdrawals.transition(db, id, ['signed', 'sent'], 'failed', {
            reason: `the node refused the transfer (${result.message})`,
          });
        }
      }
      // 'expired': left as it is; the expiry check above ends it once the chain is past it.
    });
  }

  /**
   * With two or more nodes, a settlement of DEPOSIT_CROSSCHECK_USDT or more
   * (0: every one) is concluded only when two nodes return the same receipt,
   * success or failure alike: a made-up success would close a withdrawal never
   * paid, a made-up failure would have it sent again (issue 43). Null: go on.
   */
  private async secondOpinion(
    id: string,
    receipt: ReturnType<typeof readReceipt>,
  ): Promise<string | null> {
    if (this.tron.pool.urls.length < 2) return null;
    const w = await this.withdrawals.find(this.dataSource, id);
    const threshold = BigInt(this.config.DEPOSIT_CROSSCHECK_USDT) * 1_000_000n;
    if (!w || BigInt(w.net_micro) < threshold) return null;
    return this.tron.unconfirmedReceipt(receipt, null);
  }

  private async conclude(
    id: string,
    attemptId: string,
    txId: string,
    receipt: ReturnType<typeof readReceipt>,
    raw: CostReceipt,
  ): Promise<void> {
    const prices = await this.tronCosts.prices();
    await this.dataSource.transaction(async (db) => {
      const w = await this.withdrawals.find(db, id, true);
      if (!w) return;
      // What it burnt, succeeded or not (a failed transfer burns too).
      await this.tronCosts.record(db, 'withdrawal', id, raw, prices);
      if (receipt.succeeded) {
        if (!(await this.withdrawals.endAttempt(db, attemptId, ['signed', 'sent'], 'confirmed')))
          return;
        await this.withdrawals.transition(db, id, ['signed', 'sent'], 'confirmed', {
          txId,
          reason: null,
        });
        await this.service.settleConfirmed(db, w, txId);
      } else {
        if (
          !(await this.withdrawals.endAttempt(
            db,
            attemptId,
            ['signed', 'sent'],
            'failed',
            receipt.failure ?? undefined,
          ))
        )
          return;
        await this.withdrawals.transition(db, id, ['signed', 'sent'], 'failed', {
          reason: `the transfer failed on chain (${receipt.failure})`,
        });
      }
    });
  }
}
