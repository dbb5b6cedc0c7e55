import { Inject, Injectable } from '@nestjs/common';
import { TronWeb } from 'tronweb';
import { DataSource } from 'typeorm';
import { microToNumber } from '@app/domain';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { AuditService } from '../audit/audit.service';
import { HotWallet } from '../../infra/tron/hot-wallet';
import { readReceipt } from '../../infra/tron/trc20';
import { TronCostsService } from '../../infra/tron/tron-costs.service';
import { TronClient } from '../../infra/tron/tron.client';
import { DepositsRepository } from './deposits.repository';

/**
 * The API's side of sweeping: which member addresses hold enough to sweep,
 * and the record of each sweep the tool made, checked against the chain
 * (a solidified USDT transfer of that amount from that address to the hot
 * wallet) before it counts.
 */
@Injectable()
export class SweepsService {
  constructor(
    private readonly tronCosts: TronCostsService,
    private readonly dataSource: DataSource,
    private readonly deposits: DepositsRepository,
    private readonly tron: TronClient,
    private readonly hot: HotWallet,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async candidates(min: bigint, limit: number) {
    const rows = await this.deposits.sweepCandidates(min, limit);
    return rows.map((r) => ({
      user_id: r.user_id,
      address: r.address,
      // The member's index under the deposit xpub: child 0/index.
      index: r.user_id,
      unswept: microToNumber(BigInt(r.unswept)),
    }));
  }

  /**
   * Where a sweep of `amount` goes: the hot wallet, unless a cap is set
   * (HOT_WALLET_MAX_USDT) and the hot wallet's USDT on chain plus this sweep
   * would go above it: then the cold account, which no key here signs for.
   */
  async destination(amount: bigint) {
    const hot = this.hot.address;
    if (!hot) throw new AppError('SWEEP_NOT_CONFIRMED', 'The API has no hot wallet configured');
    const cap = this.config.HOT_WALLET_MAX_USDT;
    const cold = this.config.TRON_COLD_ADDRESS;
    if (!cap || !cold) return { address: hot, kind: 'hot' as const, hot_usdt: null, cap_usdt: 0 };
    const held = await this.tron.usdtBalance(hot);
    const kind = held + amount > BigInt(cap) * 1_000_000n ? ('cold' as const) : ('hot' as const);
    return {
      address: kind === 'cold' ? cold : hot,
      kind,
      hot_usdt: microToNumber(held),
      cap_usdt: cap,
    };
  }

  async record(
    operatorId: number,
    txId: string,
    fundingTxIds: string[] = [],
  ): Promise<{
    recorded: boolean;
    amount: number;
    address: string;
    destination: 'hot' | 'cold';
  }> {
    const raw = await this.solidReceipt(txId.toLowerCase(), 'sweep');
    const receipt = readReceipt(raw);
    const cold = this.config.TRON_COLD_ADDRESS ?? null;
    const transfer = receipt.succeeded
      ? receipt.transfers.find(
          (t) =>
            t.token === this.config.TRON_USDT_CONTRACT &&
            (t.to === this.hot.address || (cold !== null && t.to === cold)),
        )
      : undefined;
    if (!transfer)
      throw new AppError(
        'SWEEP_NOT_CONFIRMED',
        cold
          ? 'The transaction is not a USDT transfer to the hot wallet or the cold account'
          : 'The transaction is not a USDT transfer to the hot wallet',
      );
    const destination = transfer.to === this.hot.address ? 'hot' : 'cold';
    const owner = (await this.deposits.owners(this.dataSource, [transfer.from])).get(transfer.from);
    if (owner === undefined)
      throw new AppError('SWEEP_NOT_CONFIRMED', 'The transfer does not come from a member address');
    const funding = await this.fundingOf(transfer.from, fundingTxIds);
    const prices = await this.tronCosts.prices();
    return this.dataSource.transaction(async (db) => {
      await this.tronCosts.record(db, 'sweep', owner, raw, prices);
      // What paid for its energy costs too: account creation, bandwidth burnt by top-up and lend.
      for (const paid of funding) {
        await this.tronCosts.record(db, 'sweep', owner, paid, prices, receipt.txId);
      }
      const recorded = await this.deposits.addSweep(db, {
        userId: owner,
        address: transfer.from,
        txId: receipt.txId,
        amount: transfer.amount,
        recordedBy: operatorId,
        destination,
      });
      // The reconciler holds the address's history against the books again.
      await this.deposits.noteActivity(db, [
        { address: transfer.from, userId: owner, blockNumber: receipt.blockNumber },
      ]);
      if (recorded) {
        await this.audit.record(db, operatorId, 'deposit.sweep', owner, {
          tx_id: receipt.txId,
          address: transfer.from,
          amount: microToNumber(transfer.amount),
          destination,
        });
      }
      return {
        recorded,
        amount: microToNumber(transfer.amount),
        address: transfer.from,
        destination,
      };
    });
  }

  /**
   * The receipts of the transactions that paid for sweeping `address`, each
   * solidified and about that address: a TRX transfer to it, or a lend of
   * energy to it or its return. Anything else is refused, so a cost is never
   * put on the wrong member.
   */
  private async fundingOf(address: string, txIds: string[]) {
    const receipts = [];
    for (const id of new Set(txIds.map((t) => t.toLowerCase()))) {
      const raw = await this.solidReceipt(id, 'funding');
      const tx = (await this.tron.web.trx.getTransaction(id)) as unknown as {
        raw_data?: {
          contract?: { type?: string; parameter?: { value?: Record<string, unknown> } }[];
        };
      };
      const call = tx.raw_data?.contract?.[0];
      const value = call?.parameter?.value ?? {};
      const to =
        call?.type === 'TransferContract'
          ? value.to_address
          : call?.type === 'DelegateResourceContract' || call?.type === 'UnDelegateResourceContract'
            ? value.receiver_address
            : undefined;
      if (typeof to !== 'string' || TronWeb.address.fromHex(to) !== address)
        throw new AppError(
          'SWEEP_NOT_CONFIRMED',
          `The funding transaction ${id} does not pay for ${address}`,
        );
      receipts.push(raw);
    }
    return receipts;
  }

  /**
   * A transaction's solidified receipt, or SWEEP_NOT_CONFIRMED saying whether
   * the node knows it at all (a mistyped tx id is not worth waiting for). A
   * node that does not answer throws the TRON client's error: a 503.
   */
  private async solidReceipt(id: string, what: 'sweep' | 'funding') {
    const raw = await this.tron.solidReceipt(id);
    if (raw) return raw;
    const known = await this.tron.knows(id);
    if (what === 'sweep' && known) throw new AppError('SWEEP_NOT_CONFIRMED');
    throw new AppError(
      'SWEEP_NOT_CONFIRMED',
      `The ${what} transaction ${id} is not solidified` +
        (known ? '' : ': the TRON node does not know it'),
    );
  }

  async list(limit: number, before?: number) {
    const rows = await this.deposits.listSweeps(limit, before);
    return rows.map((r) => ({
      id: Number(r.id),
      user_id: r.user_id,
      address: r.address,
      tx_id: r.tx_id,
      amount: microToNumber(BigInt(r.amount_micro)),
      recorded_by: r.recorded_by,
      destination: r.destination,
      created_at: r.created_at.toISOString(),
    }));
  }
}
