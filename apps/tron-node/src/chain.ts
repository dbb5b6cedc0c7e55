import { sha256 } from '@noble/hashes/sha2.js';
import {
  abiString,
  addressFromPrivateKey,
  fromHex,
  HexAddress,
  hexToBase58,
  ProtoWriter,
  readAddress,
  readUint,
  recoverSigner,
  revertData,
  SELECTORS,
  signDigest,
  toHex,
  TRANSFER_TOPIC,
  wordAddress,
  wordBool,
  wordUint,
} from './codec';
import { KnownContract, ROUTER_ABI, TOKEN_META, TRC20_ABI } from './contracts';
import {
  ChainParameters,
  DEFAULT_PARAMETERS,
  none,
  PerResource,
  recovered,
  slotOf,
  SUN_PER_TRX,
  unitsFor,
} from './resources';
import {
  buildTxJson,
  ContractCall,
  encodeRaw,
  parseRaw,
  RawData,
  Resource,
  txIdOf,
  TxJson,
} from './transaction';

/**
 * A small in-memory TRON chain: accounts with TRX and energy, TRC-20 balances,
 * a pending pool, blocks produced on demand, and a solidified height that lags
 * the head. Transactions execute when a block includes them; each block that
 * changes state keeps a copy of it, so the solidity endpoints answer from the
 * state as of the solidified block.
 */

export const BLOCK_INTERVAL_MS = 3000;
/** getEnergyFee by default: sun burnt per unit of energy the account does not have. */
export const ENERGY_PRICE_SUN = DEFAULT_PARAMETERS.energyFee;
/** Energy a TRC-20 transfer costs: recipient already holding the token / not. */
export const TRANSFER_ENERGY_HOLDER = 29_631;
export const TRANSFER_ENERGY_NEW_HOLDER = 64_285;
export const REVERT_ENERGY = 2_000;
export const ROUTER_ENERGY = 15_000;
export const BALANCE_OF_ENERGY = 935;
export const MAX_FEE_LIMIT = 15_000_000_000;
const EXPIRATION_MS = 60_000;
const MAX_EXPIRATION_MS = 24 * 60 * 60 * 1000;
const BLOCK_VERSION = 32;
const ZERO32 = '0'.repeat(64);

export interface Account {
  balance: bigint; // sun
  /** Energy granted by the account control, on top of what stakes give. */
  energyLimit: bigint;
  /** Usage as of its slot; it recovers over 24 h (resources.ts). */
  energyUsed: bigint;
  energySlot: number;
  netUsed: bigint;
  netSlot: number;
  freeNetUsed: bigint;
  freeNetSlot: number;
  /** Stake 2.0, in sun: staked and kept, staked and lent out, lent in by others. */
  frozen: PerResource;
  delegatedOut: PerResource;
  acquired: PerResource;
  createTime: number;
  latestOperationTime: number;
  isContract: boolean;
  name?: string;
  /** A multi-signature owner and active permission (AccountPermissionUpdate); none: its own key. */
  permission?: Permission;
}

/** Who may sign for an account: keys with weights, and the weight a transaction needs. */
export interface Permission {
  threshold: number;
  keys: { address: HexAddress; weight: number }[];
}

function cloneAccount(a: Account): Account {
  return {
    ...a,
    frozen: { ...a.frozen },
    delegatedOut: { ...a.delegatedOut },
    acquired: { ...a.acquired },
  };
}

const delegationKey = (owner: HexAddress, receiver: HexAddress, resource: Resource) =>
  `${owner}|${receiver}|${resource}`;

class WorldState {
  constructor(
    readonly accounts = new Map<HexAddress, Account>(),
    readonly tokens = new Map<HexAddress, Map<HexAddress, bigint>>(),
    /** Sun lent, by owner|receiver|resource. */
    readonly delegations = new Map<string, bigint>(),
    /** Sun staked by all accounts (kept and lent), per resource: part of the total weight. */
    readonly staked: PerResource = none(),
  ) {}

  clone(): WorldState {
    const accounts = new Map<HexAddress, Account>();
    for (const [k, v] of this.accounts) accounts.set(k, cloneAccount(v));
    const tokens = new Map<HexAddress, Map<HexAddress, bigint>>();
    for (const [k, v] of this.tokens) tokens.set(k, new Map(v));
    return new WorldState(accounts, tokens, new Map(this.delegations), { ...this.staked });
  }

  tokenBalance(token: HexAddress, holder: HexAddress): bigint {
    return this.tokens.get(token)?.get(holder) ?? 0n;
  }

  setTokenBalance(token: HexAddress, holder: HexAddress, amount: bigint): void {
    let book = this.tokens.get(token);
    if (!book) this.tokens.set(token, (book = new Map()));
    if (amount === 0n) book.delete(holder);
    else book.set(holder, amount);
  }

  tokenSupply(token: HexAddress): bigint {
    let total = 0n;
    for (const v of this.tokens.get(token)?.values() ?? []) total += v;
    return total;
  }
}

export interface TokenMove {
  token: HexAddress;
  from: HexAddress;
  to: HexAddress;
  amount: bigint;
}

/** How a control-made transaction executes instead of decoding its call data. */
export interface Plan {
  revert?: string;
  moves?: TokenMove[];
  /** The tx's contract calls the token from this contract (an internal transaction). */
  via?: HexAddress;
}

interface PendingTx {
  id: string;
  raw: RawData;
  rawBytes: Uint8Array;
  json: TxJson;
  plan?: Plan;
}

interface IncludedTx {
  id: string;
  blockNumber: number;
  json: TxJson;
  info: Record<string, unknown>;
}

/**
 * Other people's TRC-20 traffic (issue 43): each block produced while it is set
 * carries `perBlock` USDT transfers that exist only in the block's answers
 * (getblockbynum, gettransactioninfobyblocknum), made up on the fly from the
 * block number, between strangers, except `oursPerBlock` of them to the next
 * addresses of `ours` in turn. They move no balance: a bench's mainnet shape.
 */
export interface ForeignTraffic {
  perBlock: number;
  ours: HexAddress[];
  oursPerBlock: number;
}

export interface Block {
  /** Synthetic strangers' transfers (ForeignTraffic) and the addresses of ours among them. */
  foreign?: { count: number; ours: HexAddress[] };
  number: number;
  timestamp: number;
  id: string;
  parentHash: string;
  txTrieRoot: string;
  witnessAddress: HexAddress;
  witnessSignature: string;
  txs: IncludedTx[];
}

export interface BroadcastResult {
  txid: string;
  code?: string; // absent on success, as java-tron leaves SUCCESS (0) out
  message?: string; // utf-8; the HTTP layer prints it as hex
}

export interface ChainOptions {
  usdtContract: HexAddress;
  /** Fee schedule overrides; the rest is mainnet-like (resources.ts). */
  parameters?: Partial<ChainParameters>;
  fakeUsdtContract: HexAddress;
  routerContract: HexAddress;
  solidLag: number;
  initialBlocks: number;
  faucetKey: string;
  witnessKey: string;
  now?: () => number;
}

export class ValidationError extends Error {}

type CallOutcome =
  | { ok: true; moves: TokenMove[]; energy: number; result: string }
  | { ok: false; reason: string; energy: number };

export class Chain {
  readonly faucet: HexAddress;
  readonly witness: HexAddress;
  readonly contracts = new Map<HexAddress, KnownContract>();
  private readonly now: () => number;
  private blocks: Block[] = [];
  private state = new WorldState();
  /** State after each block that changed it; key = block number. */
  private snapshots = new Map<number, WorldState>();
  private pending: PendingTx[] = [];
  private txIndex = new Map<string, IncludedTx>();
  private solidified = 0;
  private solidLag: number;
  params: ChainParameters;
  /**
   * Addresses the USDT contract's owner blacklisted (/_stub/usdt/blacklist):
   * `isBlackListed` says so, and a USDT transfer from or to one reverts, as
   * the issuer's freeze does (issue 43). Chain state: every node serving the
   * chain agrees.
   */
  readonly blacklist = new Set<HexAddress>();
  /** Set by the control /_stub/foreign-traffic; null: blocks carry only real transactions. */
  foreignTraffic: ForeignTraffic | null = null;
  private oursNext = 0;
  private foreignCache = new Map<number, IncludedTx[]>();

  constructor(readonly options: ChainOptions) {
    this.now = options.now ?? Date.now;
    this.params = { ...DEFAULT_PARAMETERS, ...options.parameters };
    this.solidLag = options.solidLag;
    this.faucet = addressFromPrivateKey(options.faucetKey);
    this.witness = addressFromPrivateKey(options.witnessKey);
    this.contracts.set(options.usdtContract, {
      address: options.usdtContract,
      kind: 'token',
      contractName: 'TetherToken',
      abi: TRC20_ABI,
    });
    this.contracts.set(options.fakeUsdtContract, {
      address: options.fakeUsdtContract,
      kind: 'token',
      contractName: 'TetherToken',
      abi: TRC20_ABI,
    });
    this.contracts.set(options.routerContract, {
      address: options.routerContract,
      kind: 'router',
      contractName: 'Router',
      abi: ROUTER_ABI,
    });
    this.genesis();
  }

  private genesis(): void {
    const start =
      Math.floor(this.now() / BLOCK_INTERVAL_MS) * BLOCK_INTERVAL_MS -
      this.options.initialBlocks * BLOCK_INTERVAL_MS;
    const supply = 1_000_000_000_000_000n; // 1e9 tokens of 6 decimals; 1e9 TRX in sun
    this.state.accounts.set(this.faucet, this.newAccount(start, supply));
    this.state.accounts.get(this.faucet)!.energyLimit = 1_000_000_000_000n;
    for (const c of this.contracts.values()) {
      this.state.accounts.set(c.address, {
        ...this.newAccount(start, 0n),
        isContract: true,
        name: c.contractName,
      });
    }
    this.state.setTokenBalance(this.options.usdtContract, this.faucet, supply);
    this.state.setTokenBalance(this.options.fakeUsdtContract, this.faucet, supply);
    this.blocks = [this.makeBlock(0, start, ZERO32, [])];
    this.snapshots.set(0, this.state.clone());
    for (let i = 0; i < this.options.initialBlocks; i++) {
      const prev = this.head();
      this.blocks.push(
        this.makeBlock(prev.number + 1, prev.timestamp + BLOCK_INTERVAL_MS, prev.id, []),
      );
    }
    this.solidified = Math.max(0, this.head().number - this.solidLag);
  }

  private newAccount(time: number, balance: bigint): Account {
    return {
      balance,
      energyLimit: 0n,
      energyUsed: 0n,
      energySlot: 0,
      netUsed: 0n,
      netSlot: 0,
      freeNetUsed: 0n,
      freeNetSlot: 0,
      frozen: none(),
      delegatedOut: none(),
      acquired: none(),
      createTime: time,
      latestOperationTime: 0,
      isContract: false,
    };
  }

  /** Back to a fresh chain, as at start. */
  reset(solidLag = this.options.solidLag): void {
    this.state = new WorldState();
    this.snapshots.clear();
    this.pending = [];
    this.txIndex.clear();
    this.blacklist.clear();
    this.solidLag = solidLag;
    this.params = { ...DEFAULT_PARAMETERS, ...this.options.parameters };
    this.genesis();
  }

  // -------------------------------------------------------------------------
  // Reading

  head(): Block {
    return this.blocks[this.blocks.length - 1];
  }

  solidHead(): Block {
    return this.blocks[this.solidified];
  }

  get solidifiedNumber(): number {
    return this.solidified;
  }

  get lag(): number {
    return this.solidLag;
  }

  get pendingCount(): number {
    return this.pending.length;
  }

  /**
   * `solid`: false = the head view; true = the solidified view; a number = a
   * solidified view that stops there (a node whose solidity lags, /_stub/faults).
   */
  private solidTop(solid: boolean | number): number {
    if (solid === false) return this.head().number;
    if (solid === true) return this.solidified;
    return Math.max(0, Math.min(solid, this.solidified));
  }

  block(num: number, solid: boolean | number = false): Block | undefined {
    if (!Number.isInteger(num) || num < 0) return undefined;
    if (num > this.solidTop(solid)) return undefined;
    return this.blocks[num];
  }

  blockById(id: string): Block | undefined {
    const num = Number.parseInt(id.slice(0, 16), 16);
    const b = this.blocks[num];
    return b && b.id === id.toLowerCase() ? b : undefined;
  }

  transaction(id: string, solid: boolean | number = false): IncludedTx | undefined {
    const tx = this.txIndex.get(id.toLowerCase());
    if (!tx || tx.blockNumber > this.solidTop(solid)) return undefined;
    return tx;
  }

  /** State as of the head, or as of the solidified block. */
  view(solid: boolean | number = false): StateView {
    if (solid === false) return new StateView(this.state, this);
    const top = this.solidTop(solid);
    let best = 0;
    for (const n of this.snapshots.keys()) if (n <= top && n > best) best = n;
    return new StateView(this.snapshots.get(best)!, this);
  }

  /** An account's resources now (at the head's slot), as getaccountresource reports them. */
  resources(st: WorldState, acc: Account) {
    const slot = slotOf(this.head().timestamp);
    const p = this.params;
    return {
      energyLimit:
        acc.energyLimit + unitsFor(p, 'ENERGY', acc.frozen.ENERGY + acc.acquired.ENERGY, st.staked),
      energyUsed: recovered(acc.energyUsed, acc.energySlot, slot),
      netLimit: unitsFor(p, 'BANDWIDTH', acc.frozen.BANDWIDTH + acc.acquired.BANDWIDTH, st.staked),
      netUsed: recovered(acc.netUsed, acc.netSlot, slot),
      freeNetUsed: recovered(acc.freeNetUsed, acc.freeNetSlot, slot),
    };
  }

  /** Sun of its own stake an account can lend now: its stake less what its usage ties up. */
  delegatable(
    st: WorldState,
    acc: Account,
    resource: Resource,
    slot = slotOf(this.head().timestamp),
  ): bigint {
    const own = acc.frozen[resource];
    const all = own + acc.acquired[resource];
    if (own === 0n) return 0n;
    const used =
      resource === 'ENERGY'
        ? recovered(acc.energyUsed, acc.energySlot, slot)
        : recovered(acc.netUsed, acc.netSlot, slot);
    const total = BigInt(
      resource === 'ENERGY' ? this.params.totalEnergyLimit : this.params.totalNetLimit,
    );
    const weight =
      BigInt(resource === 'ENERGY' ? this.params.baseEnergyWeight : this.params.baseNetWeight) +
      st.staked[resource] / SUN_PER_TRX;
    const usedSun = (used * weight * SUN_PER_TRX) / total;
    const ownShare = (usedSun * own) / all;
    return own > ownShare ? own - ownShare : 0n;
  }

  nextSlotTime(): number {
    return this.head().timestamp + BLOCK_INTERVAL_MS;
  }

  // -------------------------------------------------------------------------
  // Blocks

  private makeBlock(num: number, timestamp: number, parent: string, txs: IncludedTx[]): Block {
    const txTrieRoot = merkleRoot(txs.map((t) => t.id));
    const header = new ProtoWriter()
      .int(1, timestamp)
      .bytes(2, fromHex(txTrieRoot))
      .bytes(3, fromHex(parent))
      .int(7, num)
      .bytes(9, fromHex(this.witness))
      .int(10, BLOCK_VERSION)
      .finish();
    const hash = sha256(header);
    const id = num.toString(16).padStart(16, '0') + toHex(hash).slice(16);
    return {
      number: num,
      timestamp,
      id,
      parentHash: parent,
      txTrieRoot,
      witnessAddress: this.witness,
      witnessSignature: signDigest(hash, this.options.witnessKey),
      txs,
    };
  }

  /** Produces `count` blocks, the first one packing the pending transactions. */
  produceBlocks(count = 1): Block[] {
    const made: Block[] = [];
    for (let i = 0; i < count; i++) made.push(this.produceBlock());
    return made;
  }

  private produceBlock(): Block {
    const prev = this.head();
    const slots = Math.max(1, Math.floor((this.now() - prev.timestamp) / BLOCK_INTERVAL_MS));
    const timestamp = prev.timestamp + slots * BLOCK_INTERVAL_MS;
    const num = prev.number + 1;
    const included: IncludedTx[] = [];
    const queue = this.pending;
    this.pending = [];
    for (const p of queue) {
      // Like a real producer: expired or no longer valid transactions are dropped.
      if (p.raw.expiration < timestamp) continue;
      const done = this.execute(p, num, timestamp);
      if (done) included.push(done);
    }
    const block = this.makeBlock(num, timestamp, prev.id, included);
    const traffic = this.foreignTraffic;
    if (traffic && traffic.perBlock > 0) {
      const ours: HexAddress[] = [];
      const mine = traffic.ours.length ? Math.min(traffic.oursPerBlock, traffic.perBlock) : 0;
      for (let i = 0; i < mine; i++) {
        ours.push(traffic.ours[this.oursNext++ % traffic.ours.length]);
      }
      block.foreign = { count: traffic.perBlock, ours };
    }
    this.blocks.push(block);
    for (const tx of included) this.txIndex.set(tx.id, tx);
    if (included.length) this.snapshots.set(num, this.state.clone());
    this.solidified = Math.max(this.solidified, num - this.solidLag);
    return block;
  }

  /**
   * A block's transactions as the node prints them: its real ones, then its
   * strangers' transfers (ForeignTraffic), made up again for each asking
   * (the last few blocks' are kept: a scanner asks for a block twice).
   */
  txsOf(block: Block): IncludedTx[] {
    if (!block.foreign) return block.txs;
    let foreign = this.foreignCache.get(block.number);
    if (!foreign) {
      foreign = this.makeForeign(block);
      this.foreignCache.set(block.number, foreign);
      if (this.foreignCache.size > 64) {
        this.foreignCache.delete(this.foreignCache.keys().next().value as number);
      }
    }
    return [...block.txs, ...foreign];
  }

  private makeForeign(block: Block): IncludedTx[] {
    const { count, ours } = block.foreign!;
    const token = this.options.usdtContract;
    // Ours spread evenly among the strangers.
    const step = ours.length ? Math.floor(count / ours.length) : 0;
    const out: IncludedTx[] = [];
    for (let i = 0; i < count; i++) {
      const seed = sha256(new TextEncoder().encode(`${block.number}:${i}`));
      const id = toHex(seed);
      const from = '41' + id.slice(0, 40);
      const mine = step && i % step === 0 && i / step < ours.length ? ours[i / step] : null;
      const to = mine ?? '41' + id.slice(24, 64);
      const amount = 1_000_000n + BigInt(seed[31]) * 1000n;
      const data = SELECTORS.transfer + wordAddress(to) + wordUint(amount);
      out.push({
        id,
        blockNumber: block.number,
        json: {
          txID: id,
          raw_data: {
            contract: [
              {
                parameter: {
                  value: { data, owner_address: from, contract_address: token },
                  type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
                },
                type: 'TriggerSmartContract',
              },
            ],
            ref_block_bytes: '0000',
            ref_block_hash: '0000000000000000',
            expiration: block.timestamp + EXPIRATION_MS,
            fee_limit: 30_000_000,
            timestamp: block.timestamp - 1000,
          },
          raw_data_hex: '',
          signature: [],
          ret: [{ contractRet: 'SUCCESS' }],
        } as unknown as TxJson,
        info: {
          id,
          fee: 0,
          blockNumber: block.number,
          blockTimeStamp: block.timestamp,
          contractResult: [wordBool(true)],
          contract_address: token,
          receipt: { energy_usage_total: TRANSFER_ENERGY_HOLDER, result: 'SUCCESS' },
          log: [
            {
              address: token.slice(2),
              topics: [TRANSFER_TOPIC, wordAddress(from), wordAddress(to)],
              data: wordUint(amount),
            },
          ],
        },
      });
    }
    return out;
  }

  /** Sets the lag; the solidified height never moves back. */
  setSolidLag(lag: number): void {
    this.solidLag = lag;
    this.solidified = Math.max(this.solidified, this.head().number - lag);
  }

  /** Moves the solidified height up to `height` (at most the head). */
  solidifyTo(height: number): void {
    this.solidified = Math.max(this.solidified, Math.min(height, this.head().number));
  }

  // -------------------------------------------------------------------------
  // Accounts outside the chain (test controls): applied to the head state and
  // to every kept snapshot, so full and solidity endpoints agree at once.

  setAccount(
    address: HexAddress,
    change: { balance?: bigint; energy?: bigint; freeNetUsed?: bigint; permission?: Permission },
  ): void {
    const time = this.head().timestamp;
    const slot = slotOf(time);
    for (const st of [this.state, ...this.snapshots.values()]) {
      let acc = st.accounts.get(address);
      if (!acc) st.accounts.set(address, (acc = this.newAccount(time, 0n)));
      if (change.balance !== undefined) acc.balance = change.balance;
      if (change.permission !== undefined) acc.permission = change.permission;
      if (change.energy !== undefined) {
        acc.energyLimit = change.energy;
        acc.energyUsed = 0n;
      }
      if (change.freeNetUsed !== undefined) {
        acc.freeNetUsed = change.freeNetUsed;
        acc.freeNetSlot = slot;
      }
    }
  }

  // -------------------------------------------------------------------------
  // Transactions

  /** A transaction header referring to the head block, as java-tron builds one. */
  header(): Pick<RawData, 'refBlockBytes' | 'refBlockHash' | 'expiration' | 'timestamp'> {
    const head = this.head();
    return {
      refBlockBytes: (head.number & 0xffff).toString(16).padStart(4, '0'),
      refBlockHash: head.id.slice(16, 32),
      expiration: head.timestamp + EXPIRATION_MS,
      timestamp: this.now(),
    };
  }

  /** Puts a transaction signed with `key` straight into the pending pool (controls). */
  submitSigned(key: string, call: ContractCall, plan?: Plan, feeLimit = 100_000_000): string {
    const raw: RawData = {
      ...this.header(),
      feeLimit: call.type === 'TriggerSmartContract' ? feeLimit : 0,
      data: '',
      permissionId: 0,
      call,
    };
    const rawBytes = encodeRaw(raw);
    const json = buildTxJson(raw, [signDigest(sha256(rawBytes), key)]);
    this.pending.push({ id: json.txID, raw, rawBytes, json, plan });
    return json.txID;
  }

  txidOf(input: Record<string, unknown>): string {
    return txIdOf(encodeRaw(parseRaw(input.raw_data)));
  }

  /** The checks of java-tron's broadcastTransaction, in its order. */
  broadcast(input: Record<string, unknown>, options: { forceDuplicate?: boolean } = {}) {
    const raw = parseRaw(input.raw_data);
    const rawBytes = encodeRaw(raw);
    const txid = txIdOf(rawBytes);
    const signature = Array.isArray(input.signature)
      ? input.signature.filter((s): s is string => typeof s === 'string')
      : [];
    const fail = (code: string, message: string): BroadcastResult => ({ txid, code, message });
    const verdict = ((): BroadcastResult => {
      const next = this.nextSlotTime();
      if (raw.expiration < next || raw.expiration > next + MAX_EXPIRATION_MS) {
        return fail('TRANSACTION_EXPIRATION_ERROR', 'Transaction expired');
      }
      if (this.txIndex.has(txid) || this.pending.some((p) => p.id === txid)) {
        return fail('DUP_TRANSACTION_ERROR', 'Dup transaction.');
      }
      if (!this.taposOk(raw)) return fail('TAPOS_ERROR', 'Tapos check error.');
      if (signature.length === 0) {
        return fail('SIGERROR', 'Validate signature error: miss sig or contract');
      }
      const denied = this.signatureProblem(raw, sha256(rawBytes), signature);
      if (denied) return fail('SIGERROR', `Validate signature error: ${denied}`);
      try {
        this.validateCall(raw);
      } catch (e) {
        if (!(e instanceof ValidationError)) throw e;
        return fail('CONTRACT_VALIDATE_ERROR', `Contract validate error : ${e.message}`);
      }
      if (!this.canPayBandwidth(raw, rawBytes, signature.length)) {
        return fail('BANDWITH_ERROR', 'Account resource insufficient error.');
      }
      const json = buildTxJson(raw, signature);
      this.pending.push({ id: txid, raw, rawBytes, json });
      return { txid };
    })();
    if (options.forceDuplicate) return fail('DUP_TRANSACTION_ERROR', 'Dup transaction.');
    return verdict;
  }

  /**
   * Why the signatures do not authorise the transaction, or null: the owner's
   * own key alone, or, for an account with a multi-signature permission,
   * distinct keys of that permission whose weights reach its threshold
   * (java-tron's checkWeight; a key outside it or signing twice is refused).
   */
  private signatureProblem(raw: RawData, digest: Uint8Array, signatures: string[]): string | null {
    const permission = this.state.accounts.get(raw.call.owner)?.permission;
    if (!permission) {
      return signatures.length === 1 && recoverSigner(digest, signatures[0]) === raw.call.owner
        ? null
        : 'sig error';
    }
    if (signatures.length > permission.keys.length) {
      return `Signature count is ${signatures.length} more than key counts of permission : ${permission.keys.length}`;
    }
    const seen = new Set<HexAddress>();
    let weight = 0;
    for (const signature of signatures) {
      const signer = recoverSigner(digest, signature);
      const key = permission.keys.find((k) => k.address === signer);
      if (!signer || !key) {
        return `${signer ? hexToBase58(signer) : 'a signature'} is not contained of permission`;
      }
      if (seen.has(signer)) return `${hexToBase58(signer)} has signed twice!`;
      seen.add(signer);
      weight += key.weight;
    }
    return weight < permission.threshold
      ? `permission denied: signature weight ${weight} is below the threshold ${permission.threshold}`
      : null;
  }

  private taposOk(raw: RawData): boolean {
    if (raw.refBlockBytes.length !== 4 || raw.refBlockHash.length !== 16) return false;
    const low = Number.parseInt(raw.refBlockBytes, 16);
    const head = this.head().number;
    const num = head - ((head - low) & 0xffff);
    if (num < 0) return false;
    const block = this.blocks[num];
    return !!block && block.id.slice(16, 32) === raw.refBlockHash;
  }

  private validateCall(raw: RawData, st: WorldState = this.state): void {
    const call = raw.call;
    const owner = st.accounts.get(call.owner);
    if (!owner) throw new ValidationError(`account [${hexToBase58(call.owner)}] does not exist`);
    const p = this.params;
    switch (call.type) {
      case 'TransferContract': {
        if (call.to === call.owner) {
          throw new ValidationError('Cannot transfer TRX to yourself.');
        }
        if (call.amount <= 0n) throw new ValidationError('Amount must be greater than 0.');
        // A transfer that creates the receiver pays getCreateNewAccountFeeInSystemContract too.
        const fee = st.accounts.has(call.to) ? 0n : BigInt(p.createNewAccountFeeInSystemContract);
        if (owner.balance < call.amount + fee) {
          throw new ValidationError('Validate TransferContract error, balance is not sufficient.');
        }
        return;
      }
      case 'FreezeBalanceV2Contract':
        if (call.amount <= 0n) throw new ValidationError('frozenBalance must be positive');
        if (call.amount < SUN_PER_TRX) {
          throw new ValidationError('frozenBalance must be greater than or equal to 1 TRX');
        }
        if (call.amount > owner.balance) {
          throw new ValidationError('frozenBalance must be less than or equal to accountBalance');
        }
        return;
      case 'DelegateResourceContract': {
        if (call.balance < SUN_PER_TRX) {
          throw new ValidationError('delegateBalance must be greater than or equal to 1 TRX');
        }
        if (call.receiver === call.owner) {
          throw new ValidationError('receiverAddress must not be the same as ownerAddress');
        }
        const receiver = st.accounts.get(call.receiver);
        if (!receiver) throw new ValidationError(`Account[${call.receiver}] not exists`);
        if (receiver.isContract) {
          throw new ValidationError('Do not allow delegate resources to contract addresses');
        }
        if (this.delegatable(st, owner, call.resource) < call.balance) {
          const kind = call.resource === 'ENERGY' ? 'FreezeEnergyV2' : 'FreezeBandwidthV2';
          throw new ValidationError(
            `delegateBalance must be less than or equal to available ${kind} balance`,
          );
        }
        return;
      }
      case 'UnDelegateResourceContract': {
        if (call.balance <= 0n)
          throw new ValidationError('unDelegateBalance must be more than 0 TRX');
        const lent = st.delegations.get(delegationKey(call.owner, call.receiver, call.resource));
        if (!lent) throw new ValidationError('delegated Resource does not exist');
        if (lent < call.balance) {
          const kind = call.resource === 'ENERGY' ? 'Energy' : 'Bandwidth';
          throw new ValidationError(
            `insufficient delegatedFrozenBalance(${kind}), request=${call.balance}, unfreezable=${lent}`,
          );
        }
        return;
      }
      case 'TriggerSmartContract':
        if (!this.contracts.has(call.contract)) {
          throw new ValidationError('No contract or not a smart contract');
        }
        if (raw.feeLimit < 0 || raw.feeLimit > MAX_FEE_LIMIT) {
          throw new ValidationError(`feeLimit must be >= 0 and <= ${MAX_FEE_LIMIT}`);
        }
    }
  }

  /**
   * How a transaction pays its bandwidth (BandwidthProcessor): one that creates
   * an account uses staked bandwidth or burns getCreateAccountFee; any other
   * uses staked bandwidth, then the free daily allowance, then burns
   * getTransactionFee per byte.
   */
  private bandwidthPlan(
    st: WorldState,
    owner: Account,
    bytes: bigint,
    createsAccount: boolean,
    slot: number,
  ): { source: 'stake' | 'free' | 'burn'; fee: bigint } {
    const p = this.params;
    const stake = unitsFor(
      p,
      'BANDWIDTH',
      owner.frozen.BANDWIDTH + owner.acquired.BANDWIDTH,
      st.staked,
    );
    const stakeLeft = stake - recovered(owner.netUsed, owner.netSlot, slot);
    if (createsAccount) {
      return stakeLeft >= bytes
        ? { source: 'stake', fee: 0n }
        : { source: 'burn', fee: BigInt(p.createAccountFee) };
    }
    if (stakeLeft >= bytes) return { source: 'stake', fee: 0n };
    const freeLeft = BigInt(p.freeNetLimit) - recovered(owner.freeNetUsed, owner.freeNetSlot, slot);
    if (freeLeft >= bytes) return { source: 'free', fee: 0n };
    return { source: 'burn', fee: bytes * BigInt(p.transactionFee) };
  }

  private payBandwidth(
    owner: Account,
    plan: { source: 'stake' | 'free' | 'burn'; fee: bigint },
    bytes: bigint,
    slot: number,
    receipt: Record<string, unknown>,
  ): void {
    if (plan.source === 'stake') {
      owner.netUsed = recovered(owner.netUsed, owner.netSlot, slot) + bytes;
      owner.netSlot = slot;
      receipt.net_usage = Number(bytes);
    } else if (plan.source === 'free') {
      owner.freeNetUsed = recovered(owner.freeNetUsed, owner.freeNetSlot, slot) + bytes;
      owner.freeNetSlot = slot;
      receipt.net_usage = Number(bytes);
    } else {
      owner.balance -= plan.fee;
      receipt.net_fee = Number(plan.fee);
    }
  }

  private canPayBandwidth(raw: RawData, rawBytes: Uint8Array, signatures: number): boolean {
    const owner = this.state.accounts.get(raw.call.owner);
    if (!owner) return false;
    const call = raw.call;
    const createsAccount = call.type === 'TransferContract' && !this.state.accounts.has(call.to);
    const bytes = Chain.netBytes({ rawBytes, signatures });
    const plan = this.bandwidthPlan(
      this.state,
      owner,
      bytes,
      createsAccount,
      slotOf(this.nextSlotTime()),
    );
    const value =
      call.type === 'TransferContract' || call.type === 'FreezeBalanceV2Contract'
        ? call.amount
        : 0n;
    const system = createsAccount ? BigInt(this.params.createNewAccountFeeInSystemContract) : 0n;
    return owner.balance >= plan.fee + value + system;
  }

  /** Bytes of bandwidth a transaction takes: its size plus java-tron's result reserve. */
  private static netBytes(p: { rawBytes: Uint8Array; signatures: number }): bigint {
    return BigInt(p.rawBytes.length + 65 * p.signatures + 64);
  }

  /** What a contract call would do against `st`; changes nothing. */
  simulate(
    st: WorldState,
    call: Extract<ContractCall, { type: 'TriggerSmartContract' }>,
    plan?: Plan,
  ): CallOutcome {
    if (plan?.revert !== undefined)
      return { ok: false, reason: plan.revert, energy: REVERT_ENERGY };
    const contract = this.contracts.get(call.contract);
    let moves = plan?.moves;
    if (!moves && contract?.kind === 'token' && call.callValue === 0n) {
      const selector = call.data.slice(0, 8);
      const args = call.data.slice(8);
      try {
        if (selector === SELECTORS.transfer) {
          moves = [
            {
              token: call.contract,
              from: call.owner,
              to: readAddress(args, 0),
              amount: readUint(args, 1),
            },
          ];
        }
      } catch {
        return { ok: false, reason: 'bad call data', energy: REVERT_ENERGY };
      }
    }
    if (!moves) return { ok: false, reason: 'function not supported', energy: REVERT_ENERGY };
    const frozen = moves.find(
      (m) =>
        m.token === this.options.usdtContract &&
        (this.blacklist.has(m.from) || this.blacklist.has(m.to)),
    );
    if (frozen) return { ok: false, reason: 'blacklisted address', energy: REVERT_ENERGY };
    // Dry-run the moves in order on a scratch copy of the touched balances.
    const scratch = new Map<string, bigint>();
    const bal = (t: HexAddress, a: HexAddress) => scratch.get(t + a) ?? st.tokenBalance(t, a);
    let energy = plan?.via ? ROUTER_ENERGY : 0;
    for (const m of moves) {
      const from = bal(m.token, m.from);
      if (from < m.amount) {
        return { ok: false, reason: 'transfer amount exceeds balance', energy: REVERT_ENERGY };
      }
      const to = bal(m.token, m.to);
      energy += to === 0n ? TRANSFER_ENERGY_NEW_HOLDER : TRANSFER_ENERGY_HOLDER;
      scratch.set(m.token + m.from, from - m.amount);
      scratch.set(m.token + m.to, bal(m.token, m.to) + m.amount);
    }
    return { ok: true, moves, energy, result: wordBool(true) };
  }

  /** Executes a pending transaction in block `num`; undefined drops it. */
  private execute(p: PendingTx, num: number, time: number): IncludedTx | undefined {
    const call = p.raw.call;
    const owner = this.state.accounts.get(call.owner);
    if (!owner) return undefined;
    try {
      // Validity is checked again on the state the block runs on, as a producer does.
      this.validateCall(p.raw);
    } catch (e) {
      if (e instanceof ValidationError) return undefined;
      throw e;
    }
    const slot = slotOf(time);
    const bytes = Chain.netBytes({
      rawBytes: p.rawBytes,
      signatures: p.json.signature?.length ?? 1,
    });
    const createsAccount = call.type === 'TransferContract' && !this.state.accounts.has(call.to);
    const bandwidth = this.bandwidthPlan(this.state, owner, bytes, createsAccount, slot);
    const systemFee = createsAccount ? BigInt(this.params.createNewAccountFeeInSystemContract) : 0n;
    const value =
      call.type === 'TransferContract'
        ? call.amount
        : call.type === 'FreezeBalanceV2Contract'
          ? call.amount
          : 0n;
    // What cannot pay its bandwidth is refused, as java-tron refuses it.
    if (owner.balance < bandwidth.fee + systemFee + value) return undefined;
    owner.latestOperationTime = time;
    const netReceipt: Record<string, unknown> = {};
    this.payBandwidth(owner, bandwidth, bytes, slot, netReceipt);
    const base = { id: p.id, blockNumber: num, blockTimeStamp: time };
    const withFee = (extra: bigint) => {
      const fee = bandwidth.fee + extra;
      return fee ? { fee: Number(fee) } : {};
    };
    if (call.type !== 'TriggerSmartContract') {
      this.applySystemContract(call, slot, time);
      owner.balance -= systemFee;
      return this.included(p, num, 'SUCCESS', {
        ...base,
        ...withFee(systemFee),
        contractResult: [''],
        receipt: netReceipt,
      });
    }
    const outcome = this.simulate(this.state, call, p.plan);
    // Energy: the account's own first, then TRX burnt at getEnergyFee, up to fee_limit.
    const { energyLimit } = this.resources(this.state, owner);
    const used = recovered(owner.energyUsed, owner.energySlot, slot);
    const available = energyLimit - used;
    const fromStake = BigInt(Math.min(outcome.energy, Number(available > 0n ? available : 0n)));
    const missing = BigInt(outcome.energy) - fromStake;
    const burnCap = BigInt(Math.min(p.raw.feeLimit, Number(owner.balance)));
    const price = BigInt(this.params.energyFee);
    // java-tron prints energy fields first, then bandwidth, then the result.
    const receipt: Record<string, unknown> = {};
    if (missing * price > burnCap) {
      // Out of energy: everything the transaction could use is spent, nothing else happens.
      const burnt = price > 0n ? (burnCap / price) * price : 0n;
      const stake = available > 0n ? available : 0n;
      owner.energyUsed = used + stake;
      owner.energySlot = slot;
      owner.balance -= burnt;
      const limit = stake + (price > 0n ? burnt / price : 0n);
      if (stake) receipt.energy_usage = Number(stake);
      if (burnt) receipt.energy_fee = Number(burnt);
      if (limit) receipt.energy_usage_total = Number(limit);
      Object.assign(receipt, netReceipt);
      receipt.result = 'OUT_OF_ENERGY';
      return this.included(p, num, 'OUT_OF_ENERGY', {
        ...base,
        ...withFee(burnt),
        contractResult: [''],
        contract_address: call.contract,
        receipt,
        result: 'FAILED',
        resMessage: toHex(
          new TextEncoder().encode(
            `Not enough energy for 'SSTORE' operation executing: curInvokeEnergyLimit[${limit}], curOpEnergy[20000], usedEnergy[${limit}]`,
          ),
        ),
      });
    }
    const burnt = missing * price;
    owner.energyUsed = used + fromStake;
    owner.energySlot = slot;
    owner.balance -= burnt;
    if (fromStake) receipt.energy_usage = Number(fromStake);
    if (burnt) receipt.energy_fee = Number(burnt);
    receipt.energy_usage_total = outcome.energy;
    Object.assign(receipt, netReceipt);
    const fee = withFee(burnt);
    if (!outcome.ok) {
      receipt.result = 'REVERT';
      return this.included(p, num, 'REVERT', {
        ...base,
        ...fee,
        contractResult: [revertData(outcome.reason)],
        contract_address: call.contract,
        receipt,
        result: 'FAILED',
        resMessage: toHex(new TextEncoder().encode('REVERT opcode executed')),
      });
    }
    receipt.result = 'SUCCESS';
    const logs = outcome.moves.map((m) => {
      this.state.setTokenBalance(
        m.token,
        m.from,
        this.state.tokenBalance(m.token, m.from) - m.amount,
      );
      this.state.setTokenBalance(m.token, m.to, this.state.tokenBalance(m.token, m.to) + m.amount);
      return {
        // java-tron prints log addresses as the 20-byte EVM form, without 41.
        address: m.token.slice(2),
        topics: [TRANSFER_TOPIC, wordAddress(m.from), wordAddress(m.to)],
        data: wordUint(m.amount),
      };
    });
    const info: Record<string, unknown> = {
      ...base,
      ...fee,
      contractResult: [outcome.result],
      contract_address: call.contract,
      receipt,
      log: logs,
    };
    if (p.plan?.via) {
      const tokens = [...new Set(outcome.moves.map((m) => m.token))];
      info.internal_transactions = tokens.map((token, i) => ({
        hash: toHex(sha256(fromHex(p.id + i.toString(16).padStart(2, '0')))),
        caller_address: p.plan!.via,
        transferTo_address: token,
        callValueInfo: [{}],
        note: toHex(new TextEncoder().encode('call')),
      }));
    }
    return this.included(p, num, 'SUCCESS', info);
  }

  /** TRX transfers and Stake 2.0 contracts (already validated on this state). */
  private applySystemContract(
    call: Exclude<ContractCall, { type: 'TriggerSmartContract' }>,
    slot: number,
    time: number,
  ): void {
    const st = this.state;
    const owner = st.accounts.get(call.owner)!;
    switch (call.type) {
      case 'TransferContract': {
        owner.balance -= call.amount;
        let to = st.accounts.get(call.to);
        if (!to) st.accounts.set(call.to, (to = this.newAccount(time, 0n)));
        to.balance += call.amount;
        return;
      }
      case 'FreezeBalanceV2Contract':
        owner.balance -= call.amount;
        owner.frozen[call.resource] += call.amount;
        st.staked[call.resource] += call.amount;
        return;
      case 'DelegateResourceContract': {
        const receiver = st.accounts.get(call.receiver)!;
        owner.frozen[call.resource] -= call.balance;
        owner.delegatedOut[call.resource] += call.balance;
        receiver.acquired[call.resource] += call.balance;
        const key = delegationKey(call.owner, call.receiver, call.resource);
        st.delegations.set(key, (st.delegations.get(key) ?? 0n) + call.balance);
        return;
      }
      case 'UnDelegateResourceContract': {
        const key = delegationKey(call.owner, call.receiver, call.resource);
        const left = st.delegations.get(key)! - call.balance;
        if (left) st.delegations.set(key, left);
        else st.delegations.delete(key);
        owner.delegatedOut[call.resource] -= call.balance;
        owner.frozen[call.resource] += call.balance;
        const receiver = st.accounts.get(call.receiver);
        if (!receiver) return;
        // The receiver's usage of the lent share goes back to the owner with it.
        const energy = call.resource === 'ENERGY';
        const used = energy
          ? recovered(receiver.energyUsed, receiver.energySlot, slot)
          : recovered(receiver.netUsed, receiver.netSlot, slot);
        const all = receiver.frozen[call.resource] + receiver.acquired[call.resource];
        const cap = unitsFor(this.params, call.resource, call.balance, st.staked);
        let moved = all > 0n ? (used * call.balance) / all : 0n;
        if (moved > cap) moved = cap;
        receiver.acquired[call.resource] -= call.balance;
        if (energy) {
          receiver.energyUsed = used - moved;
          receiver.energySlot = slot;
          owner.energyUsed = recovered(owner.energyUsed, owner.energySlot, slot) + moved;
          owner.energySlot = slot;
        } else {
          receiver.netUsed = used - moved;
          receiver.netSlot = slot;
          owner.netUsed = recovered(owner.netUsed, owner.netSlot, slot) + moved;
          owner.netSlot = slot;
        }
        return;
      }
    }
  }

  private included(
    p: PendingTx,
    num: number,
    contractRet: string,
    info: Record<string, unknown>,
  ): IncludedTx {
    const json: TxJson = { ...p.json, ret: [{ contractRet }] };
    delete json.visible;
    return { id: p.id, blockNumber: num, json, info };
  }

  // -------------------------------------------------------------------------
  // Constant calls (triggerconstantcontract): no state change.

  constantCall(
    call: Extract<ContractCall, { type: 'TriggerSmartContract' }>,
    solid: boolean | number = false,
  ): { result: string; energy: number; reverted: boolean } {
    const contract = this.contracts.get(call.contract);
    if (!contract) throw new ValidationError('No contract or not a smart contract');
    const st = solid === false ? this.state : this.view(solid).state;
    const selector = call.data.slice(0, 8);
    const args = call.data.slice(8);
    if (contract.kind === 'token') {
      try {
        switch (selector) {
          case SELECTORS.balanceOf:
            return {
              result: wordUint(st.tokenBalance(call.contract, readAddress(args, 0))),
              energy: BALANCE_OF_ENERGY,
              reverted: false,
            };
          case SELECTORS.isBlackListed:
          case SELECTORS.getBlackListStatus:
            return {
              result: wordBool(
                call.contract === this.options.usdtContract &&
                  this.blacklist.has(readAddress(args, 0)),
              ),
              energy: 656,
              reverted: false,
            };
          case SELECTORS.decimals:
            return { result: wordUint(BigInt(TOKEN_META.decimals)), energy: 273, reverted: false };
          case SELECTORS.symbol:
            return { result: abiString(TOKEN_META.symbol), energy: 1_236, reverted: false };
          case SELECTORS.name:
            return { result: abiString(TOKEN_META.name), energy: 1_236, reverted: false };
          case SELECTORS.totalSupply:
            return {
              result: wordUint(st.tokenSupply(call.contract)),
              energy: 512,
              reverted: false,
            };
        }
      } catch {
        return { result: revertData('bad call data'), energy: REVERT_ENERGY, reverted: true };
      }
    }
    const outcome = this.simulate(st, call);
    if (outcome.ok) return { result: outcome.result, energy: outcome.energy, reverted: false };
    return { result: revertData(outcome.reason), energy: outcome.energy, reverted: true };
  }
}

/** Read-only account and token queries on one state. */
export class StateView {
  constructor(
    readonly state: WorldState,
    private readonly chain: Chain,
  ) {}

  /** Energy and bandwidth limits and usage now (getaccountresource). */
  resources(acc: Account) {
    return this.chain.resources(this.state, acc);
  }

  delegatable(acc: Account, resource: Resource): bigint {
    return this.chain.delegatable(this.state, acc, resource);
  }

  delegation(owner: HexAddress, receiver: HexAddress, resource: Resource): bigint {
    return this.state.delegations.get(delegationKey(owner, receiver, resource)) ?? 0n;
  }

  /** The accounts `address` lends to and borrows from (getdelegatedresourceaccountindexv2). */
  delegationPartners(address: HexAddress): { to: HexAddress[]; from: HexAddress[] } {
    const to = new Set<HexAddress>();
    const from = new Set<HexAddress>();
    for (const [key, amount] of this.state.delegations) {
      if (!amount) continue;
      const [owner, receiver] = key.split('|') as [HexAddress, HexAddress];
      if (owner === address) to.add(receiver);
      if (receiver === address) from.add(owner);
    }
    return { to: [...to], from: [...from] };
  }

  /** Sun staked network-wide by the stub's accounts, per resource. */
  get staked(): PerResource {
    return this.state.staked;
  }

  account(address: HexAddress): Account | undefined {
    return this.state.accounts.get(address);
  }

  tokenBalance(token: HexAddress, holder: HexAddress): bigint {
    return this.state.tokenBalance(token, holder);
  }
}

function merkleRoot(ids: string[]): string {
  if (ids.length === 0) return ZERO32;
  let level = ids.map((id) => fromHex(id));
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      if (i + 1 === level.length) next.push(level[i]);
      else next.push(sha256(Uint8Array.from([...level[i], ...level[i + 1]])));
    }
    level = next;
  }
  return toHex(level[0]);
}
