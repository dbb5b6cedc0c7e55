import { Inject, Injectable } from '@nestjs/common';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { DepositsService } from '../deposits/deposits.service';
import { HotWallet } from '../../infra/tron/hot-wallet';
import { TronClient } from '../../infra/tron/tron.client';

export interface ReserveAddress {
  address: string;
  kind: 'hot' | 'cold' | 'deposit';
  balanceMicro: bigint;
}

export interface Reserves {
  /** The solidified block the reads started at, and the one they ended at (equal when steady). */
  block: number;
  lastBlock: number;
  hotWallet: ReserveAddress | null;
  /** TRON_COLD_ADDRESS, where sweeps above the hot wallet's cap go; null without one. */
  coldWallet: ReserveAddress | null;
  deposits: ReserveAddress[];
}

/** Reads tried before giving up on one that stays within a single solidified block. */
const STEADY_ATTEMPTS = 3;

/**
 * What the club holds on chain for a proof-of-liabilities snapshot: USDT of
 * the hot wallet, of the cold account (TRON_COLD_ADDRESS) and of every member
 * address the records say still holds some, read from the node's solidified state (`walletsolidity/
 * triggerconstantcontract` through tronweb) between two reads of the
 * solidified height. When the height moved during the reads they are made
 * again (a node produces a block every 3 s); the last try is kept with the
 * blocks it spanned.
 */
@Injectable()
export class ReservesReader {
  constructor(
    private readonly tron: TronClient,
    private readonly hot: HotWallet,
    private readonly deposits: DepositsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async read(): Promise<Reserves> {
    try {
      const depositAddresses = await this.deposits.unsweptAddresses();
      let reserves: Reserves | null = null;
      for (let attempt = 1; attempt <= STEADY_ATTEMPTS; attempt++) {
        reserves = await this.readOnce(depositAddresses);
        if (reserves.block === reserves.lastBlock) break;
      }
      return reserves!;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError(
        'PROOF_RESERVES_UNAVAILABLE',
        `The TRON node could not be read: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  private async readOnce(depositAddresses: string[]): Promise<Reserves> {
    const block = (await this.tron.heads()).solidified;
    const hotWallet = this.hot.address
      ? {
          address: this.hot.address,
          kind: 'hot' as const,
          balanceMicro: await this.balance(this.hot.address),
        }
      : null;
    const cold = this.config.TRON_COLD_ADDRESS;
    const coldWallet = cold
      ? { address: cold, kind: 'cold' as const, balanceMicro: await this.balance(cold) }
      : null;
    const deposits = await mapLimited(
      depositAddresses,
      this.config.PROOF_CHAIN_CONCURRENCY,
      async (address) => ({
        address,
        kind: 'deposit' as const,
        balanceMicro: await this.balance(address),
      }),
    );
    const lastBlock = (await this.tron.heads()).solidified;
    // Only addresses that hold USDT are reserves: one a deposit was credited
    // to but that holds nothing now (swept by hand, say) adds nothing to list.
    return {
      block,
      lastBlock,
      hotWallet,
      coldWallet,
      deposits: deposits.filter((a) => a.balanceMicro > 0n),
    };
  }

  /** USDT (micro) of an address in the node's solidified state. */
  private async balance(address: string): Promise<bigint> {
    const answer = await this.tron.web.transactionBuilder.triggerConfirmedConstantContract(
      this.config.TRON_USDT_CONTRACT,
      'balanceOf(address)',
      {},
      [{ type: 'address', value: address }],
      address,
    );
    const word = answer.constant_result?.[0];
    if (!word || !/^[0-9a-f]{1,64}$/i.test(word)) {
      throw new Error(`balanceOf(${address}) gave no result`);
    }
    return BigInt(`0x${word}`);
  }
}

/** `fn` over `items` with at most `limit` calls in flight, results in order. */
async function mapLimited<T, R>(
  items: T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}
