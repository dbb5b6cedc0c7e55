import { tronAddressFromHex } from '@app/domain';

/** keccak256("Transfer(address,address,uint256)"): topic0 of every TRC-20 Transfer log. */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** One Transfer log of a receipt. `token` is the emitting contract, never its name. */
export interface TokenTransfer {
  logIndex: number;
  token: string;
  from: string;
  to: string;
  amount: bigint;
}

/** What the deposit rules need of a transaction receipt (`gettransactioninfoby*`). */
export interface ReceiptView {
  txId: string;
  blockNumber: number;
  blockTime: Date | null;
  succeeded: boolean;
  /** Why it failed, decoded (REVERT with its reason, OUT_OF_ENERGY, ...). */
  failure: string | null;
  transfers: TokenTransfer[];
}

/** A receipt as java-tron prints it; only the fields read here. */
export interface RawReceipt {
  id?: string;
  blockNumber?: number;
  blockTimeStamp?: number;
  result?: string;
  resMessage?: string;
  contractResult?: string[];
  receipt?: { result?: string; energy_fee?: number; net_fee?: number; energy_usage_total?: number };
  fee?: number;
  log?: { address?: string; topics?: string[]; data?: string }[];
}

const WORD = /^[0-9a-f]{64}$/;

/** A log's Transfer words (from, to, amount: lower-case hex), or null when it is not a standard Transfer. */
function transferWords(log: {
  topics?: string[];
  data?: string;
}): { from: string; to: string; amount: string } | null {
  const topics = log.topics ?? [];
  if (topics.length !== 3 || topics[0].toLowerCase() !== TRANSFER_TOPIC) return null;
  const from = topics[1].toLowerCase();
  const to = topics[2].toLowerCase();
  const amount = (log.data ?? '').toLowerCase();
  if (!WORD.test(from) || !WORD.test(to) || !WORD.test(amount)) return null;
  return { from, to, amount };
}

/** Whether a receipt's transaction succeeded (its logs count only then). */
function succeededIn(raw: RawReceipt): boolean {
  return raw.receipt?.result === 'SUCCESS' && raw.result !== 'FAILED';
}

/**
 * Reads a receipt: did it succeed, and which Transfer logs did it emit. A log
 * counts only in the standard shape (three topics: event, from, to; the
 * amount as one 32-byte word); anything else is ignored, not guessed at.
 */
export function readReceipt(raw: RawReceipt): ReceiptView {
  const succeeded = succeededIn(raw);
  const transfers: TokenTransfer[] = [];
  if (succeeded) {
    (raw.log ?? []).forEach((log, logIndex) => {
      const words = transferWords(log);
      if (!words) return;
      const token = tronAddressFromHex(log.address ?? '');
      const from = tronAddressFromHex(words.from.slice(24));
      const to = tronAddressFromHex(words.to.slice(24));
      if (!token || !from || !to) return;
      transfers.push({ logIndex, token, from, to, amount: BigInt(`0x${words.amount}`) });
    });
  }
  return {
    txId: raw.id ?? '',
    blockNumber: raw.blockNumber ?? 0,
    blockTime: raw.blockTimeStamp ? new Date(raw.blockTimeStamp) : null,
    succeeded,
    failure: succeeded ? null : describeFailure(raw),
    transfers,
  };
}

/**
 * The recipients (20-byte hex, lower case, no 41 prefix) of the Transfer logs
 * `readReceipt` would read from this receipt, without decoding anything else:
 * what a scanner matches against its addresses before reading the few
 * receipts that pay one of them (a mainnet block carries hundreds of
 * strangers' transfers). A log whose token address `readReceipt` would refuse
 * may be listed; never one it would read and this leaves out.
 */
export function transferRecipients(raw: RawReceipt): string[] {
  if (!succeededIn(raw)) return [];
  const out: string[] = [];
  for (const log of raw.log ?? []) {
    const words = transferWords(log);
    if (words) out.push(words.to.slice(24));
  }
  return out;
}

/** "REVERT: Insufficient balance", "OUT_OF_ENERGY", "FAILED"... */
export function describeFailure(raw: RawReceipt): string {
  const kind = raw.receipt?.result ?? raw.result ?? 'FAILED';
  const reason = revertReason(raw.contractResult?.[0]) ?? hexText(raw.resMessage);
  return reason ? `${kind}: ${reason}` : kind;
}

/** The string of a Solidity `Error(string)` revert, if that is what the result holds. */
function revertReason(result: string | undefined): string | null {
  if (!result || !result.startsWith('08c379a0') || result.length < 8 + 128) return null;
  const length = Number.parseInt(result.slice(8 + 64, 8 + 128), 16);
  const text = result.slice(8 + 128, 8 + 128 + length * 2);
  return hexText(text);
}

function hexText(hex: string | undefined): string | null {
  if (!hex || !/^([0-9a-f]{2})+$/i.test(hex)) return null;
  const text = Buffer.from(hex, 'hex')
    .toString('utf8')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
  return text || null;
}

/**
 * Whether `got` (another node's receipt) confirms `expected`: the same tx id,
 * block and outcome, and every Transfer log of `expected` in `got` unchanged
 * (index, token, from, to, amount). Null when it does; else what differs.
 * Logs `got` has beyond those are not ours to judge (issue 43).
 */
export function unconfirmed(expected: ReceiptView, got: ReceiptView): string | null {
  if (got.txId !== expected.txId) return `another transaction (${got.txId || 'none'})`;
  if (got.blockNumber !== expected.blockNumber)
    return `block ${got.blockNumber}, not ${expected.blockNumber}`;
  if (got.succeeded !== expected.succeeded)
    return got.succeeded ? 'it succeeded' : `it failed (${got.failure})`;
  for (const t of expected.transfers) {
    const same = got.transfers.find(
      (g) =>
        g.logIndex === t.logIndex &&
        g.token === t.token &&
        g.from === t.from &&
        g.to === t.to &&
        g.amount === t.amount,
    );
    if (!same) return `no transfer of ${t.amount} to ${t.to} at log ${t.logIndex}`;
  }
  return null;
}
