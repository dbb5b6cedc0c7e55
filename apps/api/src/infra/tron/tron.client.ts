import { Inject, Injectable, Optional } from '@nestjs/common';
import type Redis from 'ioredis';
import { providers, TronWeb } from 'tronweb';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { REDIS } from '../redis/redis.module';
import { malformedBlock, NodeFault, NodePool, NoNodeError } from './node-pool';
import { RedisRequestBudget } from './request-budget';
import { RawReceipt, readReceipt, ReceiptView, unconfirmed } from './trc20';

/** A TRON node answered with an error, or not in the shape expected. */
export class TronNodeError extends Error {}

/** The URLs of TRON_FULL_NODE_URL, in order. */
export function tronNodeUrls(setting: string): string[] {
  return setting
    .split(',')
    .map((u) => u.trim())
    .filter(Boolean);
}

/**
 * tronweb's door to the pool: every request tronweb makes (building, reading,
 * broadcasting) goes to the first node that answers. Sending the same signed
 * bytes to a second node after a timeout is safe: a node that has them says
 * DUP_TRANSACTION_ERROR, which counts as sent.
 */
class PoolProvider extends providers.HttpProvider {
  constructor(
    private readonly pool: NodePool,
    timeoutMs: number,
  ) {
    super(pool.urls[0], timeoutMs);
  }

  override request(url: string, payload: object = {}, method = 'get'): Promise<any> {
    return this.pool
      .run(url, (node) => this.pool.request(node, url, payload, method))
      .catch((error: unknown) => {
        throw error instanceof NoNodeError
          ? new TronNodeError(error.message, { cause: error })
          : error;
      });
  }
}

/**
 * A TRX transfer as a block lists it (TransferContract), for the record of
 * foreign deposits. The sender stays hex (41…): a mainnet block carries
 * hundreds of strangers' transfers, and only a member's is worth decoding.
 */
export interface TrxTransfer {
  txId: string;
  fromHex: string;
  to: string;
  amountSun: bigint;
}

/** One USDT Transfer of an address's TRC-20 history. */
export interface UsdtHistoryEntry {
  txId: string;
  from: string;
  to: string;
  amount: bigint;
  timestamp: number;
}

interface Trc20Page {
  data?: {
    transaction_id: string;
    token_info?: { address?: string };
    block_timestamp: number;
    from: string;
    to: string;
    type: string;
    value: string;
  }[];
  meta?: { fingerprint?: string };
}

/** A signed transaction as tronweb and the node exchange it. */
export interface SignedTransaction {
  txID: string;
  raw_data: { expiration: number; [key: string]: unknown };
  raw_data_hex: string;
  signature: string[];
  visible?: boolean;
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
  readonly pool: NodePool;
  private readonly usdtContract: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig, @Optional() @Inject(REDIS) redis?: Redis) {
    this.usdtContract = config.TRON_USDT_CONTRACT;
    const headers: Record<string, string> = config.TRON_API_KEY
      ? { 'TRON-PRO-API-KEY': config.TRON_API_KEY }
      : {};
    this.pool = new NodePool({
      urls: tronNodeUrls(config.TRON_FULL_NODE_URL),
      timeoutMs: config.TRON_REQUEST_TIMEOUT_MS,
      headers,
      maxLagBlocks: config.TRON_MAX_NODE_LAG_BLOCKS,
      budget:
        redis && config.TRON_MAX_REQUESTS_PER_SECOND > 0
          ? new RedisRequestBudget(redis, config.TRON_MAX_REQUESTS_PER_SECOND)
          : undefined,
    });
    const provider = new PoolProvider(this.pool, config.TRON_REQUEST_TIMEOUT_MS);
    this.web = new TronWeb({ fullNode: provider, solidityNode: provider });
  }

  /**
   * One request through the pool. `malformed` says why an answer is nonsense
   * (a `{}` where a block belongs, a number that is a string): that node has
   * failed like a 503, rests, and the next one is asked (issue 43). A node's
   * own `{Error}` answer ends the call as it is.
   */
  private async call<T>(
    _solidity: boolean,
    path: string,
    payload: object = {},
    malformed?: (answer: unknown) => string | null,
  ): Promise<T> {
    const answer = await this.pool
      .run(path, async (node) => {
        const got = await this.pool.request<T & { Error?: string }>(node, path, payload);
        if (got && typeof got === 'object' && 'Error' in got && got.Error) return got;
        const bad = malformed?.(got);
        if (bad) throw new NodeFault(`${path}: ${bad}`);
        return got;
      })
      .catch((error: unknown) => {
        throw error instanceof NoNodeError
          ? new TronNodeError(error.message, { cause: error })
          : error;
      });
    if (answer && typeof answer === 'object' && 'Error' in answer && answer.Error) {
      throw new TronNodeError(`${path}: ${answer.Error}`);
    }
    return answer;
  }

  /** The newest block number, and the newest solidified one with its time. */
  async heads(): Promise<{ head: number; solidified: number; solidifiedAt: Date }> {
    const [head, solid] = await Promise.all([
      this.call<RawBlock>(false, 'wallet/getnowblock', {}, malformedBlock),
      this.call<RawBlock>(true, 'walletsolidity/getnowblock', {}, malformedBlock),
    ]);
    return {
      head: blockNumber(head),
      solidified: blockNumber(solid),
      solidifiedAt: new Date(solid.block_header?.raw_data?.timestamp ?? 0),
    };
  }

  /** USDT (micro) held by an address, as of the head block. */
  async usdtBalance(address: string): Promise<bigint> {
    const answer = await this.web.transactionBuilder.triggerConstantContract(
      this.usdtContract,
      'balanceOf(address)',
      {},
      [{ type: 'address', value: address }],
      address,
    );
    const word = answer.constant_result?.[0];
    if (!word) throw new TronNodeError('balanceOf gave no result');
    return BigInt(`0x${word}`);
  }

  /**
   * Whether the USDT contract's issuer blacklisted `address` (Tether's public
   * `isBlackListed(address)`, a constant call): a transfer to it reverts and
   * burns its fee (issue 43).
   */
  async isBlacklisted(address: string): Promise<boolean> {
    const answer = await this.web.transactionBuilder.triggerConstantContract(
      this.usdtContract,
      'isBlackListed(address)',
      {},
      [{ type: 'address', value: address }],
      address,
    );
    const word = answer.constant_result?.[0];
    if (!word || !/^[0-9a-f]{64}$/i.test(word) || answer.result?.result !== true) {
      throw new TronNodeError('isBlackListed gave no result');
    }
    return BigInt(`0x${word}`) !== 0n;
  }

  /** TRX (sun) and the energy left of an address. */
  async resources(address: string): Promise<{ trxSun: bigint; energy: number; bandwidth: number }> {
    const [account, r] = await Promise.all([
      this.call<{ balance?: number }>(false, 'wallet/getaccount', { address, visible: true }),
      this.call<{
        EnergyLimit?: number;
        EnergyUsed?: number;
        NetLimit?: number;
        NetUsed?: number;
        freeNetLimit?: number;
        freeNetUsed?: number;
      }>(false, 'wallet/getaccountresource', { address, visible: true }),
    ]);
    const staked = Math.max(0, (r.NetLimit ?? 0) - (r.NetUsed ?? 0));
    const free = Math.max(0, (r.freeNetLimit ?? 0) - (r.freeNetUsed ?? 0));
    return {
      trxSun: BigInt(account.balance ?? 0),
      energy: Math.max(0, (r.EnergyLimit ?? 0) - (r.EnergyUsed ?? 0)),
      // java-tron pays a transaction from the staked bandwidth or the free one, not both.
      bandwidth: Math.max(staked, free),
    };
  }

  /**
   * A USDT `transfer(to, amount)` from `privateKey`'s address, built here
   * (tronweb's local builder, with the head block as reference) and signed;
   * nothing is sent.
   */
  async signUsdtTransfer(
    privateKey: string,
    to: string,
    amount: bigint,
    feeLimitSun: number,
  ): Promise<SignedTransaction> {
    const from = TronWeb.address.fromPrivateKey(privateKey);
    if (!from) throw new TronNodeError('the hot wallet key gives no address');
    const { transaction } = await this.web.transactionBuilder.triggerSmartContract(
      this.usdtContract,
      'transfer(address,uint256)',
      { feeLimit: feeLimitSun, txLocal: true },
      [
        { type: 'address', value: to },
        { type: 'uint256', value: amount.toString() },
      ],
      from,
    );
    return (await this.web.trx.sign(transaction, privateKey)) as unknown as SignedTransaction;
  }

  /**
   * Sends signed bytes. `sent`: the node took it (or already had it: a
   * duplicate counts as sent); `expired`; `rejected` with the node's message;
   * a timeout or an unreadable answer throws (the caller sends the same bytes again).
   */
  async broadcast(
    signed: SignedTransaction,
  ): Promise<
    { outcome: 'sent' } | { outcome: 'expired' } | { outcome: 'rejected'; message: string }
  > {
    const answer = (await this.web.trx.sendRawTransaction(signed as never)) as {
      result?: boolean;
      code?: string;
      message?: string;
    };
    if (answer.result === true || answer.code === 'DUP_TRANSACTION_ERROR')
      return { outcome: 'sent' };
    if (answer.code === 'TRANSACTION_EXPIRATION_ERROR') return { outcome: 'expired' };
    if (
      !answer.code ||
      answer.code === 'SERVER_BUSY' ||
      answer.code === 'NOT_ENOUGH_EFFECTIVE_CONNECTION'
    ) {
      throw new TronNodeError(`broadcast answered ${answer.code ?? 'nothing'}`);
    }
    const message = hexText(answer.message) ?? answer.message ?? '';
    return { outcome: 'rejected', message: `${answer.code}${message ? `: ${message}` : ''}` };
  }

  /** Whether the full node knows a transaction (pending or in a block). */
  async knows(txId: string): Promise<boolean> {
    const answer = await this.call<{ txID?: string }>(false, 'wallet/gettransactionbyid', {
      value: txId,
    });
    return Boolean(answer?.txID);
  }

  /**
   * A solidified block's receipts and TRX transfers, both from one node that
   * has the block: a node that says it does not exist (lagging behind a load
   * balancer) or whose receipts do not match the block's transactions is passed
   * over for the next; when no node has it, this throws and the scanner tries
   * again later, so a block is never taken for empty.
   */
  async solidBlock(
    num: number,
  ): Promise<{ receipts: RawReceipt[]; trx: TrxTransfer[]; node: string }> {
    return this.pool
      .run(`block ${num}`, async (node) => {
        const block = await this.pool.request<RawBlock & { Error?: string }>(
          node,
          'walletsolidity/getblockbynum',
          { num },
        );
        if (block?.Error) throw new TronNodeError(`getblockbynum: ${block.Error}`);
        if (!block?.block_header) throw new NodeFault(`block ${num} not found`);
        const bad = malformedBlock(block);
        if (bad) throw new NodeFault(`block ${num}: ${bad}`);
        if ((block.block_header.raw_data?.number ?? 0) !== num) {
          throw new NodeFault(
            `block ${num}: answered block ${block.block_header.raw_data?.number}`,
          );
        }
        const receipts = await this.pool.request<RawReceipt[] | { Error?: string }>(
          node,
          'walletsolidity/gettransactioninfobyblocknum',
          { num },
        );
        if (!Array.isArray(receipts)) {
          if (receipts?.Error)
            throw new TronNodeError(`gettransactioninfobyblocknum: ${receipts.Error}`);
          throw new NodeFault(`block ${num}: no receipts`);
        }
        const odd = receipts.find((r) => malformedReceipt(r));
        if (odd) throw new NodeFault(`block ${num}: ${malformedReceipt(odd)}`);
        const txs = block.transactions?.length ?? 0;
        if (receipts.length !== txs) {
          throw new NodeFault(`block ${num}: ${receipts.length} receipts for ${txs} transactions`);
        }
        return { receipts, trx: trxTransfersOf(block), node };
      })
      .catch((error: unknown) => {
        throw error instanceof NoNodeError
          ? new TronNodeError(error.message, { cause: error })
          : error;
      });
  }

  /**
   * Second opinions (issue 43): the solidified receipt of `txId` from every
   * node of the pool not resting, `exclude` (the node that told us first)
   * left out, asked at once. Each answer is the receipt read, null when that
   * node does not know it, or why the node failed (it then rests, as in `run`).
   */
  async receiptsFrom(
    txId: string,
    exclude?: string,
  ): Promise<{ node: string; receipt: ReceiptView | null; failed?: string }[]> {
    const nodes = this.pool.awake().filter((url) => url !== exclude);
    return Promise.all(
      nodes.map(async (node) => {
        try {
          const raw = await this.pool.request<RawReceipt & { Error?: string }>(
            node,
            'walletsolidity/gettransactioninfobyid',
            { value: txId },
          );
          if (raw.Error) return { node, receipt: null, failed: raw.Error };
          if (raw.id === undefined) return { node, receipt: null };
          const bad = malformedReceipt(raw);
          if (bad) throw new NodeFault(bad);
          return { node, receipt: readReceipt(raw) };
        } catch (error) {
          if (error instanceof NodeFault) this.pool.fail(node, error);
          return { node, receipt: null, failed: (error as Error).message };
        }
      }),
    );
  }

  /**
   * A second opinion on a receipt one node gave (issue 43): null when another
   * node returns it unchanged (`unconfirmed` in trc20.ts). `servedBy`, the
   * node that gave it, is left out and one other node must agree; unknown
   * (null), every node is asked and two must. Otherwise what each node said,
   * for operators.
   */
  async unconfirmedReceipt(expected: ReceiptView, servedBy: string | null): Promise<string | null> {
    const answers = await this.receiptsFrom(expected.txId, servedBy ?? undefined);
    const agreeing = answers.filter((a) => a.receipt && !unconfirmed(expected, a.receipt));
    if (agreeing.length >= (servedBy ? 1 : 2)) return null;
    const said = answers.map((a) => {
      const host = hostOf(a.node);
      if (a.failed) return `${host} failed (${a.failed})`;
      if (!a.receipt) return `${host} does not know the transaction`;
      const differs = unconfirmed(expected, a.receipt);
      return differs ? `${host} says ${differs}` : `${host} agrees`;
    });
    return `no second node confirmed the receipt${said.length ? `: ${said.join('; ')}` : ' (no other node answered)'}`;
  }

  /**
   * The solidified USDT Transfer logs from and to an address up to
   * `maxTimestamp` (ms), oldest first, from the node's TRC-20 history
   * (TronGrid's `GET /v1/accounts/{address}/transactions/trc20`), every page.
   * What the reconciler holds the books against: nothing of the scanner's.
   */
  async usdtHistory(address: string, maxTimestamp?: number): Promise<UsdtHistoryEntry[]> {
    const out: UsdtHistoryEntry[] = [];
    let fingerprint: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const query = new URLSearchParams({
        only_confirmed: 'true',
        contract_address: this.usdtContract,
        order_by: 'block_timestamp,asc',
        ...(maxTimestamp !== undefined ? { max_timestamp: String(maxTimestamp) } : {}),
        limit: '200',
        ...(fingerprint ? { fingerprint } : {}),
      });
      const path = `v1/accounts/${address}/transactions/trc20?${query}`;
      const answer = await this.pool
        .run(`history of ${address}`, (node) => this.pool.request<Trc20Page>(node, path, {}, 'get'))
        .catch((error: unknown) => {
          throw error instanceof NoNodeError
            ? new TronNodeError(error.message, { cause: error })
            : error;
        });
      if (!answer || !Array.isArray(answer.data))
        throw new TronNodeError(`trc20 history of ${address}: no data`);
      for (const row of answer.data) {
        if (row.type !== 'Transfer' || row.token_info?.address !== this.usdtContract) continue;
        out.push({
          txId: row.transaction_id,
          from: row.from,
          to: row.to,
          amount: BigInt(row.value),
          timestamp: row.block_timestamp,
        });
      }
      fingerprint = answer.meta?.fingerprint;
      if (!fingerprint) return out;
    }
    throw new TronNodeError(`trc20 history of ${address}: too many pages`);
  }

  /** A solidified block's time (ms), or null when the node has not solidified it. */
  async solidBlockTime(num: number): Promise<number | null> {
    const block = await this.call<RawBlock>(true, 'walletsolidity/getblockbynum', { num });
    return block?.block_header?.raw_data?.timestamp ?? null;
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

  /** A solidified transaction's receipt, or null while it is unknown or not solidified. */
  async solidReceipt(txId: string): Promise<RawReceipt | null> {
    const answer = await this.call<RawReceipt>(
      true,
      'walletsolidity/gettransactioninfobyid',
      { value: txId },
      (got) => (got && (got as RawReceipt).id !== undefined ? malformedReceipt(got) : null),
    );
    return answer && answer.id ? answer : null;
  }
}

/** Why a receipt is not one (its id, block or logs of the wrong type), or null. */
export function malformedReceipt(raw: unknown): string | null {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return 'a receipt that is not an object';
  const r = raw as Record<string, unknown>;
  if (typeof r.id !== 'string' || !/^[0-9a-f]{64}$/i.test(r.id))
    return 'a receipt without its tx id';
  if (r.blockNumber !== undefined && !Number.isSafeInteger(r.blockNumber))
    return 'a receipt whose block is not a number';
  if (r.log !== undefined && !Array.isArray(r.log)) return 'a receipt whose logs are not a list';
  return null;
}

function trxTransfersOf(block: RawBlock): TrxTransfer[] {
  const out: TrxTransfer[] = [];
  for (const tx of block.transactions ?? []) {
    const contract = tx.raw_data?.contract?.[0];
    if (contract?.type !== 'TransferContract') continue;
    if (tx.ret?.[0]?.contractRet !== 'SUCCESS') continue;
    const value = contract.parameter?.value;
    if (!value?.to_address || !value.owner_address || !value.amount) continue;
    out.push({
      txId: tx.txID,
      fromHex: value.owner_address,
      to: TronWeb.address.fromHex(value.to_address),
      amountSun: BigInt(value.amount),
    });
  }
  return out;
}

function hexText(hex: string | undefined): string | null {
  if (!hex || !/^([0-9a-f]{2})+$/i.test(hex)) return null;
  return (
    Buffer.from(hex, 'hex')
      .toString('utf8')
      .replace(/[^\x20-\x7e]/g, '')
      .trim() || null
  );
}

function blockNumber(block: RawBlock): number {
  const n = block?.block_header?.raw_data?.number;
  if (typeof n === 'number') return n;
  // The genesis block prints no number.
  if (block?.block_header) return 0;
  throw new TronNodeError('getnowblock answered without a block header');
}

/** A node's host, for operators' reasons (never its path or query, where a key may sit). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'a node';
  }
}
