import { Inject, Injectable } from '@nestjs/common';
import { providers, TronWeb } from 'tronweb';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { RawReceipt } from './trc20';

/** A TRON node answered with an error, or not in the shape expected. */
export class TronNodeError extends Error {}

/** A TRX transfer as a block lists it (TransferContract), for the record of foreign deposits. */
export interface TrxTransfer {
  txId: string;
  from: string;
  to: string;
  amountSun: bigint;
}

interface RawBlock {
  block_header?: { raw_data?: { number?: number; timestamp?: number } };
  transactions?: {
    txID: string;
    ret?: { contractRet?: string }[];
    raw_data?: {
      contract?: {
        type?: string;
        parameter?: { value?: { owner_address?: string; to_address?: string; amount?: number } };
      }[];
    };
  }[];
}

/**
 * The one door to a TRON node: tronweb's HTTP providers against
 * TRON_FULL_NODE_URL (its solidity endpoints too, as TronGrid serves both).
 * Reads what the deposit scanner and claims need; the solidified views are
 * the ones money decisions use.
 */
@Injectable()
export class TronClient {
  readonly web: TronWeb;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const headers = config.TRON_API_KEY ? { 'TRON-PRO-API-KEY': config.TRON_API_KEY } : {};
    const provider = () =>
      new providers.HttpProvider(
        config.TRON_FULL_NODE_URL,
        config.TRON_REQUEST_TIMEOUT_MS,
        '',
        '',
        headers,
      );
    this.web = new TronWeb({ fullNode: provider(), solidityNode: provider() });
  }

  private async call<T>(solidity: boolean, path: string, payload: object = {}): Promise<T> {
    const node = solidity ? this.web.solidityNode : this.web.fullNode;
    const answer = (await node.request(path, payload, 'post')) as T & { Error?: string };
    if (answer && typeof answer === 'object' && 'Error' in answer && answer.Error) {
      throw new TronNodeError(`${path}: ${answer.Error}`);
    }
    return answer;
  }

  /** The newest block number, and the newest solidified one. */
  async heads(): Promise<{ head: number; solidified: number }> {
    const [head, solid] = await Promise.all([
      this.call<RawBlock>(false, 'wallet/getnowblock'),
      this.call<RawBlock>(true, 'walletsolidity/getnowblock'),
    ]);
    return { head: blockNumber(head), solidified: blockNumber(solid) };
  }

  /** Every receipt of a solidified block (`[]` when none or not solidified yet). */
  async solidReceipts(num: number): Promise<RawReceipt[]> {
    const answer = await this.call<RawReceipt[] | object>(
      true,
      'walletsolidity/gettransactioninfobyblocknum',
      { num },
    );
    return Array.isArray(answer) ? answer : [];
  }

  /** The successful TRX transfers of a solidified block. */
  async solidTrxTransfers(num: number): Promise<TrxTransfer[]> {
    const block = await this.call<RawBlock>(true, 'walletsolidity/getblockbynum', { num });
    const out: TrxTransfer[] = [];
    for (const tx of block.transactions ?? []) {
      const contract = tx.raw_data?.contract?.[0];
      if (contract?.type !== 'TransferContract') continue;
      if (tx.ret?.[0]?.contractRet !== 'SUCCESS') continue;
      const value = contract.parameter?.value;
      if (!value?.to_address || !value.owner_address || !value.amount) continue;
      out.push({
        txId: tx.txID,
        from: TronWeb.address.fromHex(value.owner_address),
        to: TronWeb.address.fromHex(value.to_address),
        amountSun: BigInt(value.amount),
      });
    }
    return out;
  }

  /** A solidified transaction's receipt, or null while it is unknown or not solidified. */
  async solidReceipt(txId: string): Promise<RawReceipt | null> {
    const answer = await this.call<RawReceipt>(true, 'walletsolidity/gettransactioninfobyid', {
      value: txId,
    });
    return answer && answer.id ? answer : null;
  }
}

function blockNumber(block: RawBlock): number {
  const n = block?.block_header?.raw_data?.number;
  if (typeof n === 'number') return n;
  // The genesis block prints no number.
  if (block?.block_header) return 0;
  throw new TronNodeError('getnowblock answered without a block header');
}
