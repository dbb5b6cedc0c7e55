import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo, Socket } from 'node:net';
import { Block, Chain, ChainOptions, ValidationError } from './chain';
import {
  addressFromPrivateKey,
  fromHex,
  HexAddress,
  hexToBase58,
  parseAddress,
  parseAmount,
  revertData,
  SELECTORS,
  selectorOf,
  sha256Hex,
  toHex,
  TRANSFER_TOPIC,
  wordAddress,
  wordBool,
  wordUint,
} from './codec';
import { Faults } from './faults';
import { buildTxJson, ContractCall, RawData, Resource } from './transaction';

/**
 * The HTTP face of the stub: java-tron's /wallet/* and /walletsolidity/*
 * endpoints (the ones tronweb and a USDT service use), answering in the
 * node's JSON shapes, and the test controls under /_stub/*.
 */

export interface TronNodeOptions extends ChainOptions {
  host: string;
  port: number;
  /** Produce a block every this many ms; 0 = only on demand (/_stub/blocks). */
  blockIntervalMs: number;
}

type Params = Record<string, unknown>;
interface Ctx {
  params: Params;
  visible: boolean;
  req: IncomingMessage;
  res: ServerResponse;
}
type Handler = (ctx: Ctx) => unknown;

/** A reply the handler already sent itself (or never sends: a hung broadcast). */
const HANDLED = Symbol('handled');

class ControlError extends Error {
  constructor(
    message: string,
    readonly status = 400,
    readonly code = 'BAD_REQUEST',
  ) {
    super(message);
  }
}

const ADDRESS_KEYS = new Set([
  'address',
  'owner_address',
  'to_address',
  'contract_address',
  'origin_address',
  'witness_address',
  'caller_address',
  'transferTo_address',
  'receiver_address',
  'from', // getdelegatedresourcev2
  'to',
  'account', // getdelegatedresourceaccountindexv2
  'toAccounts',
  'fromAccounts',
]);

/** visible=true: addresses in base58, as java-tron prints them then. */
function toVisible(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((v) => toVisible(v, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = toVisible(v, k);
    return out;
  }
  if (typeof value === 'string' && ADDRESS_KEYS.has(key)) {
    if (/^41[0-9a-f]{40}$/.test(value)) return hexToBase58(value);
    if (key === 'address' && /^[0-9a-f]{40}$/.test(value)) return hexToBase58('41' + value);
  }
  return value;
}

function utf8Hex(text: string): string {
  return toHex(new TextEncoder().encode(text));
}

function bool(value: unknown): boolean {
  return value === true || value === 'true';
}

function intParam(value: unknown, what: string, fallback?: number): number {
  if (value === undefined || value === null || value === '') {
    if (fallback !== undefined) return fallback;
    throw new ControlError(`${what} is required`);
  }
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw new ControlError(`${what} must be a non-negative integer`);
  }
  return n;
}

/** An answer already printed as JSON (a synthetic block's, kept: printing 300 transactions is slow). */
class Printed {
  constructor(readonly text: string) {}
}

/** A log as receipts print it (gettransactioninfoby*). */
interface LogJson {
  address: string;
  topics?: string[];
  data: string;
}

export class TronNode {
  readonly chain: Chain;
  readonly server: Server;
  private timer?: NodeJS.Timeout;
  private sockets = new Set<Socket>();
  private hung = new Set<ServerResponse>();
  private nextBroadcast: {
    mode: 'hang' | 'duplicate' | 'drop';
    accept: boolean;
    delayMs: number;
  } | null = null;
  private routes = new Map<string, Handler>();
  /** Faults this node shows its clients (/_stub/faults): rate limits, outages, lag. */
  readonly faults = new Faults();
  /**
   * Lies this node alone tells (/_stub/fabricate): USDT transfers it reports in
   * a block (and by id) that the chain never had, a compromised or buggy
   * node's fabricated receipt (issue 43). Cleared with the faults.
   */
  private lies: {
    id: string;
    blockNumber: number;
    json: Record<string, unknown>;
    info: Record<string, unknown>;
  }[] = [];
  /** Node API requests served (not controls), for tests of clients' budgets and failover. */
  requestsServed = 0;
  private readonly ownsChain: boolean;

  /**
   * `chain`: another node's chain, so that two nodes serve one network (a
   * provider's load-balanced nodes); only the node that owns it produces blocks.
   */
  constructor(
    readonly options: TronNodeOptions,
    chain?: Chain,
  ) {
    this.ownsChain = !chain;
    this.chain = chain ?? new Chain(options);
    this.server = createServer((req, res) => void this.handle(req, res));
    // Clients keep connections alive (Node's default agent does): a server that drops an idle one
    // after Node's 5 s races a client reusing it (ECONNRESET on a busy machine). Public nodes sit
    // behind proxies that keep them about a minute; so does this one.
    this.server.keepAliveTimeout = 60_000;
    this.server.headersTimeout = 65_000;
    this.server.on('connection', (s) => {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
    });
    this.registerNodeRoutes();
    this.registerControls();
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(this.options.port, this.options.host, () => resolve());
    });
    if (this.options.blockIntervalMs > 0 && this.ownsChain) {
      this.timer = setInterval(() => this.chain.produceBlocks(1), this.options.blockIntervalMs);
    }
    return this.url;
  }

  get url(): string {
    const addr = this.server.address() as AddressInfo;
    return `http://${this.options.host}:${addr.port}`;
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.faults.clear();
    for (const res of this.hung) res.destroy();
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  // -------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://stub');
    const isControl = url.pathname.startsWith('/_stub/');
    // TronGrid's account routes carry the address in the path (/v1/accounts/{address}/...).
    const account = /^\/v1\/accounts\/([^/]+)(\/.*)$/.exec(url.pathname);
    if (account) url.searchParams.set('address', decodeURIComponent(account[1]));
    const handler = this.routes.get(account ? `/v1/accounts/:address${account[2]}` : url.pathname);
    if (!handler) {
      return this.send(res, 404, isControl ? { detail: 'Not found', code: 'NOT_FOUND' } : {});
    }
    if (!isControl) {
      this.requestsServed++;
      const fault = this.faults.take(url.pathname);
      if (fault === 'hang') {
        this.hung.add(res);
        res.on('close', () => this.hung.delete(res));
        req.resume();
        return;
      }
      if (fault && 'answer' in fault) {
        req.resume();
        if (fault.answer === 'not_json') {
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
          return;
        }
        return this.send(
          res,
          200,
          fault.answer === 'empty'
            ? {}
            : { block_header: { raw_data: { number: 'not a number' } }, transactions: {} },
        );
      }
      if (fault) {
        req.resume();
        const text = fault.status === 429 ? 'Too Many Requests' : 'Service Unavailable';
        res.writeHead(fault.status, {
          'content-type': 'text/plain; charset=utf-8',
          ...(fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {}),
        });
        res.end(text);
        return;
      }
    }
    let params: Params = Object.fromEntries(url.searchParams);
    try {
      const body = await readBody(req);
      if (body.trim()) {
        const parsed = JSON.parse(body) as unknown;
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
          params = { ...params, ...(parsed as Params) };
        }
      }
    } catch (e) {
      if (isControl) {
        return this.send(res, 400, { detail: 'Body is not valid JSON', code: 'BAD_REQUEST' });
      }
      return this.send(res, 200, {
        Error: `class com.alibaba.fastjson.JSONException : ${(e as Error).message}`,
      });
    }
    const visible = bool(params.visible);
    try {
      if (isControl && req.method !== 'POST') {
        throw new ControlError('Controls take POST', 405, 'METHOD_NOT_ALLOWED');
      }
      const out = await handler({ params, visible, req, res });
      if (out === HANDLED) return;
      if (out instanceof Printed) return this.sendText(res, out.text);
      this.send(res, 200, visible && !isControl ? toVisible(out) : out);
    } catch (e) {
      if (isControl) {
        const err = e instanceof ControlError ? e : new ControlError((e as Error).message);
        return this.send(res, err.status, { detail: err.message, code: err.code });
      }
      // java-tron's Util.processError: HTTP 200 with {"Error": "<class> : <message>"}.
      this.send(res, 200, {
        Error: `class java.lang.IllegalArgumentException : ${(e as Error).message}`,
      });
    }
  }

  /**
   * A block with strangers' traffic (ForeignTraffic) printed once per view and
   * kept for the last few blocks: a scanner asks for each twice, and a bench
   * measures the scanner, not JSON.stringify here.
   */
  private printedBlocks = new Map<string, Printed>();
  private printed(key: string, visible: boolean, make: () => unknown): unknown {
    if (visible) return make();
    let out = this.printedBlocks.get(key);
    if (!out) {
      out = new Printed(JSON.stringify(make()));
      this.printedBlocks.set(key, out);
      if (this.printedBlocks.size > 128) {
        this.printedBlocks.delete(this.printedBlocks.keys().next().value as string);
      }
    }
    return out;
  }

  private sendText(res: ServerResponse, text: string): void {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  private send(res: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  }

  private route(paths: string[], handler: Handler): void {
    for (const p of paths) this.routes.set(p, handler);
  }

  // -------------------------------------------------------------------------
  // JSON shapes

  private blockJson(block: Block, detail = true): Record<string, unknown> {
    const raw: Record<string, unknown> = {};
    if (block.number) raw.number = block.number;
    raw.txTrieRoot = block.txTrieRoot;
    raw.witness_address = block.witnessAddress;
    raw.parentHash = block.parentHash;
    raw.version = 32;
    raw.timestamp = block.timestamp;
    const json: Record<string, unknown> = {
      blockID: block.id,
      block_header: { raw_data: raw, witness_signature: block.witnessSignature },
    };
    const txs = this.chain.txsOf(block);
    const lies = this.liesIn(block.number);
    if (detail && txs.length + lies.length) {
      json.transactions = [...txs.map((t) => t.json), ...lies.map((l) => l.json)];
    }
    return json;
  }

  private liesIn(num: number) {
    return this.lies.filter((l) => l.blockNumber === num);
  }

  /** A lie as a receipt, timed by its block once that exists. */
  private lieInfo(lie: (typeof this.lies)[number]): Record<string, unknown> {
    const block = this.chain.block(lie.blockNumber);
    return { ...lie.info, blockTimeStamp: block?.timestamp ?? 0 };
  }

  private accountJson(address: HexAddress, solid: boolean | number): Record<string, unknown> {
    const acc = this.chain.view(solid).account(address);
    if (!acc) return {};
    const json: Record<string, unknown> = {};
    if (acc.name) json.account_name = utf8Hex(acc.name);
    if (acc.isContract) json.type = 'Contract';
    json.address = address;
    if (acc.balance) json.balance = Number(acc.balance);
    json.create_time = acc.createTime;
    if (acc.latestOperationTime) json.latest_opration_time = acc.latestOperationTime;
    const view = this.chain.view(solid);
    const now = view.resources(acc);
    if (now.netUsed) json.net_usage = Number(now.netUsed);
    if (now.freeNetUsed) json.free_net_usage = Number(now.freeNetUsed);
    if (acc.netSlot) json.latest_consume_time = acc.netSlot * 3000;
    if (acc.freeNetSlot) json.latest_consume_free_time = acc.freeNetSlot * 3000;
    json.net_window_size = 28800;
    json.net_window_optimized = true;
    if (acc.delegatedOut.BANDWIDTH) {
      json.delegated_frozenV2_balance_for_bandwidth = Number(acc.delegatedOut.BANDWIDTH);
    }
    if (acc.acquired.BANDWIDTH) {
      json.acquired_delegated_frozenV2_balance_for_bandwidth = Number(acc.acquired.BANDWIDTH);
    }
    const resource: Record<string, unknown> = {};
    if (now.energyUsed) resource.energy_usage = Number(now.energyUsed);
    if (acc.energySlot) resource.latest_consume_time_for_energy = acc.energySlot * 3000;
    resource.energy_window_size = 28800;
    if (acc.delegatedOut.ENERGY) {
      resource.delegated_frozenV2_balance_for_energy = Number(acc.delegatedOut.ENERGY);
    }
    if (acc.acquired.ENERGY) {
      resource.acquired_delegated_frozenV2_balance_for_energy = Number(acc.acquired.ENERGY);
    }
    resource.energy_window_optimized = true;
    json.account_resource = resource;
    const threshold = acc.permission?.threshold ?? 1;
    const keys = acc.permission?.keys ?? [{ address, weight: 1 }];
    json.owner_permission = { permission_name: 'owner', threshold, keys };
    json.active_permission = [
      {
        type: 'Active',
        id: 2,
        permission_name: 'active',
        threshold,
        operations: '7fff1fc0033ec30f000000000000000000000000000000000000000000000000',
        keys,
      },
    ];
    const amount = (v: bigint) => (v ? { amount: Number(v) } : {});
    json.frozenV2 = [
      amount(acc.frozen.BANDWIDTH),
      { type: 'ENERGY', ...amount(acc.frozen.ENERGY) },
      { type: 'TRON_POWER' },
    ];
    return json;
  }

  private triggerArgs(p: Params): Extract<ContractCall, { type: 'TriggerSmartContract' }> {
    if (!p.owner_address) throw new Error("owner_address isn't set.");
    if (!p.contract_address) throw new Error("contract_address isn't set.");
    let data = '';
    if (typeof p.function_selector === 'string' && p.function_selector) {
      const selector = selectorOf(p.function_selector.replace(/\s+/g, ''));
      const parameter = typeof p.parameter === 'string' ? p.parameter : '';
      data = selector + toHex(fromHex(parameter));
    } else if (typeof p.data === 'string') {
      data = toHex(fromHex(p.data));
    }
    const num = (v: unknown) => BigInt(v === undefined || v === null ? 0 : Number(v));
    return {
      type: 'TriggerSmartContract',
      owner: parseAddress(p.owner_address),
      contract: parseAddress(p.contract_address),
      data,
      callValue: num(p.call_value),
      callTokenValue: num(p.call_token_value),
      tokenId: num(p.token_id),
    };
  }

  private unsignedTx(call: ContractCall, p: Params, feeLimit: number) {
    const raw: RawData = {
      ...this.chain.header(),
      feeLimit,
      data: '',
      permissionId: typeof p.Permission_id === 'number' ? p.Permission_id : 0,
      call,
    };
    return buildTxJson(raw);
  }

  private constantReply(
    call: Extract<ContractCall, { type: 'TriggerSmartContract' }>,
    p: Params,
    solid: boolean | number,
    feeLimit: number,
  ): Record<string, unknown> {
    const out = this.chain.constantCall(call, solid);
    const tx = this.unsignedTx(call, p, feeLimit);
    const reply: Record<string, unknown> = {
      result: out.reverted
        ? { result: true, message: utf8Hex('REVERT opcode executed') }
        : { result: true },
      energy_used: out.energy,
      constant_result: [out.result],
      transaction: { ret: [out.reverted ? { ret: 'FAILED' } : {}], ...tx },
    };
    return reply;
  }

  /**
   * TronGrid's `GET /v1/accounts/{address}/transactions/trc20`: the TRC-20
   * Transfer logs from or to an address, newest first (`order_by=block_timestamp,asc`
   * for oldest first), `only_confirmed=true` for solidified blocks only,
   * `contract_address`, `only_to`, `only_from`, `min_timestamp`, `max_timestamp`,
   * `limit` (at most 200) and the `fingerprint` of the page before.
   */
  private trc20History(ctx: Ctx): Record<string, unknown> {
    const c = this.chain;
    const p = ctx.params;
    const address = parseAddress(p.address);
    const contract = p.contract_address ? parseAddress(p.contract_address) : null;
    const top = bool(p.only_confirmed) ? c.solidifiedNumber : c.head().number;
    const min = p.min_timestamp ? Number(p.min_timestamp) : 0;
    const max = p.max_timestamp ? Number(p.max_timestamp) : Number.MAX_SAFE_INTEGER;
    const limit = Math.min(Math.max(intParam(p.limit, 'limit', 20), 1), 200);
    const word = wordAddress(address);
    const rows: Record<string, unknown>[] = [];
    for (let n = 1; n <= top; n++) {
      const block = c.block(n)!;
      if (block.timestamp < min || block.timestamp > max) continue;
      for (const tx of block.txs) {
        const info = tx.info as { receipt?: { result?: string }; log?: LogJson[] };
        if (info.receipt?.result !== 'SUCCESS') continue;
        for (const log of info.log ?? []) {
          if (log.topics?.[0] !== TRANSFER_TOPIC || log.topics.length !== 3) continue;
          const token = '41' + log.address;
          if (contract && token !== contract) continue;
          const isFrom = log.topics[1] === word;
          const isTo = log.topics[2] === word;
          if (!(isFrom || isTo) || (bool(p.only_to) && !isTo) || (bool(p.only_from) && !isFrom))
            continue;
          const meta = c.contracts.get(token);
          rows.push({
            transaction_id: tx.id,
            token_info: {
              symbol: meta?.kind === 'token' ? 'USDT' : '',
              address: hexToBase58(token),
              decimals: 6,
              name: meta?.contractName === 'TetherToken' ? 'Tether USD' : '',
            },
            block_timestamp: block.timestamp,
            from: hexToBase58('41' + log.topics[1].slice(24)),
            to: hexToBase58('41' + log.topics[2].slice(24)),
            type: 'Transfer',
            value: BigInt('0x' + log.data).toString(),
          });
        }
      }
    }
    if (String(p.order_by ?? '') !== 'block_timestamp,asc') rows.reverse();
    const start = p.fingerprint
      ? Number(Buffer.from(String(p.fingerprint), 'base64').toString())
      : 0;
    const page = rows.slice(start, start + limit);
    const next = start + limit < rows.length;
    return {
      data: page,
      success: true,
      meta: {
        at: this.chain.head().timestamp,
        page_size: page.length,
        ...(next
          ? {
              fingerprint: Buffer.from(String(start + limit)).toString('base64'),
              links: { next: `/v1/accounts/${hexToBase58(address)}/transactions/trc20` },
            }
          : {}),
      },
    };
  }

  private registerNodeRoutes(): void {
    const c = this.chain;
    const both = (path: string) => [`/wallet/${path}`, `/walletsolidity/${path}`];
    /** The view a request sees: head, solidified, or solidified held back by a lag fault. */
    const isSolid = (ctx: Ctx): boolean | number => {
      if (!ctx.req.url!.startsWith('/walletsolidity/')) return false;
      return this.faults.lag ? c.solidifiedNumber - this.faults.lag : true;
    };
    const solidHead = (ctx: Ctx) => {
      const view = isSolid(ctx);
      return view === true ? c.solidHead() : c.block(Number(view), true)!;
    };
    /** A block this node pretends not to have yet (a lagging backend behind a balancer). */
    const missing = (num: number) => this.faults.missingBlocks.has(num);

    this.route(both('getnowblock'), (ctx) =>
      this.blockJson(isSolid(ctx) === false ? c.head() : solidHead(ctx)),
    );
    this.route(both('getblockbynum'), (ctx) => {
      const num = Number(ctx.params.num);
      const b = missing(num) ? undefined : c.block(num, isSolid(ctx));
      if (b?.foreign) return this.printed(`block ${num}`, ctx.visible, () => this.blockJson(b));
      return b ? this.blockJson(b) : {};
    });
    this.route(both('getblockbyid'), (ctx) => {
      const b = c.blockById(String(ctx.params.value ?? ''));
      return b && !missing(b.number) && c.block(b.number, isSolid(ctx)) ? this.blockJson(b) : {};
    });
    this.route(both('getblock'), (ctx) => {
      const solid = isSolid(ctx);
      const idOrNum = ctx.params.id_or_num;
      const detail = bool(ctx.params.detail);
      let b: Block | undefined;
      if (idOrNum === undefined || idOrNum === '') b = solid === false ? c.head() : solidHead(ctx);
      else if (/^\d+$/.test(String(idOrNum))) b = c.block(Number(idOrNum), solid);
      else {
        b = c.blockById(String(idOrNum));
        if (b && !c.block(b.number, solid)) b = undefined;
      }
      if (b && missing(b.number) && idOrNum !== undefined && idOrNum !== '') b = undefined;
      return b ? this.blockJson(b, detail) : {};
    });
    this.route(both('getblockbylatestnum'), (ctx) => {
      const n = Math.min(intParam(ctx.params.num, 'num', 1), 100);
      const top = isSolid(ctx) === false ? c.head().number : solidHead(ctx).number;
      const blocks: Record<string, unknown>[] = [];
      for (let i = Math.max(0, top - n + 1); i <= top; i++)
        blocks.push(this.blockJson(c.block(i)!));
      return { block: blocks };
    });
    /** A lie this node tells about `id`, once its block is in the view asked. */
    const lieById = (ctx: Ctx) => {
      const id = String(ctx.params.value ?? '').toLowerCase();
      return this.lies.find((l) => l.id === id && c.block(l.blockNumber, isSolid(ctx)));
    };
    this.route(both('gettransactionbyid'), (ctx) => {
      const lie = lieById(ctx);
      if (lie) return lie.json;
      const tx = c.transaction(String(ctx.params.value ?? ''), isSolid(ctx));
      return tx ? tx.json : {};
    });
    this.route(both('gettransactioninfobyid'), (ctx) => {
      const lie = lieById(ctx);
      if (lie) return this.lieInfo(lie);
      const tx = c.transaction(String(ctx.params.value ?? ''), isSolid(ctx));
      if (tx && this.faults.lie === 'revert' && tx.info.contract_address) {
        // The same receipt, but reverted: no logs, the energy burnt all the same.
        const { log: _log, ...rest } = tx.info;
        return {
          ...rest,
          contractResult: [revertData('forged by this node')],
          receipt: { ...(tx.info.receipt as object), result: 'REVERT' },
          result: 'FAILED',
        };
      }
      return tx ? tx.info : {};
    });
    this.route(both('gettransactioninfobyblocknum'), (ctx) => {
      const num = Number(ctx.params.num ?? 0);
      if (!(num > 0)) return {};
      const b = missing(num) ? undefined : c.block(num, isSolid(ctx));
      const lies = this.liesIn(num);
      if (b?.foreign && lies.length === 0) {
        return this.printed(`info ${num}`, ctx.visible, () => c.txsOf(b).map((t) => t.info));
      }
      return b ? [...c.txsOf(b).map((t) => t.info), ...lies.map((l) => this.lieInfo(l))] : [];
    });
    this.route(['/v1/accounts/:address/transactions/trc20'], (ctx) => this.trc20History(ctx));
    this.route(both('getaccount'), (ctx) =>
      this.accountJson(parseAddress(ctx.params.address), isSolid(ctx)),
    );
    this.route(both('getaccountresource'), (ctx) => {
      const view = c.view(isSolid(ctx));
      const acc = view.account(parseAddress(ctx.params.address));
      if (!acc) return {};
      const now = view.resources(acc);
      const p = c.params;
      const staked = view.staked;
      // java-tron's AccountResourceMessage: zero values are left out.
      const json: Record<string, unknown> = {};
      if (now.freeNetUsed) json.freeNetUsed = Number(now.freeNetUsed);
      json.freeNetLimit = p.freeNetLimit;
      if (now.netUsed) json.NetUsed = Number(now.netUsed);
      if (now.netLimit) json.NetLimit = Number(now.netLimit);
      json.TotalNetLimit = p.totalNetLimit;
      json.TotalNetWeight = p.baseNetWeight + Number(staked.BANDWIDTH / 1_000_000n);
      json.TotalTronPowerWeight = 46_000_000_000;
      const power =
        acc.frozen.ENERGY +
        acc.frozen.BANDWIDTH +
        acc.delegatedOut.ENERGY +
        acc.delegatedOut.BANDWIDTH;
      if (power) json.tronPowerLimit = Number(power / 1_000_000n);
      if (now.energyUsed) json.EnergyUsed = Number(now.energyUsed);
      if (now.energyLimit) json.EnergyLimit = Number(now.energyLimit);
      json.TotalEnergyLimit = p.totalEnergyLimit;
      json.TotalEnergyWeight = p.baseEnergyWeight + Number(staked.ENERGY / 1_000_000n);
      return json;
    });
    this.route(
      ['/wallet/getdelegatedresourcev2', '/walletsolidity/getdelegatedresourcev2'],
      (ctx) => {
        const view = c.view(isSolid(ctx));
        const from = parseAddress(ctx.params.fromAddress);
        const to = parseAddress(ctx.params.toAddress);
        const energy = view.delegation(from, to, 'ENERGY');
        const bandwidth = view.delegation(from, to, 'BANDWIDTH');
        if (!energy && !bandwidth) return {};
        const entry: Record<string, unknown> = { from, to };
        if (bandwidth) entry.frozen_balance_for_bandwidth = Number(bandwidth);
        if (energy) entry.frozen_balance_for_energy = Number(energy);
        return { delegatedResource: [entry] };
      },
    );
    this.route(
      [
        '/wallet/getdelegatedresourceaccountindexv2',
        '/walletsolidity/getdelegatedresourceaccountindexv2',
      ],
      (ctx) => {
        const address = parseAddress(ctx.params.value);
        const { to, from } = c.view(isSolid(ctx)).delegationPartners(address);
        if (!to.length && !from.length) return {};
        const json: Record<string, unknown> = { account: address };
        if (from.length) json.fromAccounts = from;
        if (to.length) json.toAccounts = to;
        return json;
      },
    );
    this.route(
      ['/wallet/getcandelegatedmaxsize', '/walletsolidity/getcandelegatedmaxsize'],
      (ctx) => {
        const view = c.view(isSolid(ctx));
        const acc = view.account(parseAddress(ctx.params.owner_address));
        const resource: Resource = Number(ctx.params.type ?? 0) === 1 ? 'ENERGY' : 'BANDWIDTH';
        const max = acc ? view.delegatable(acc, resource) : 0n;
        return max ? { max_size: Number(max) } : {};
      },
    );
    this.route(['/wallet/getchainparameters'], () => {
      const p = c.params;
      const live: Record<string, number> = {
        getEnergyFee: p.energyFee,
        getTransactionFee: p.transactionFee,
        getCreateAccountFee: p.createAccountFee,
        getCreateNewAccountFeeInSystemContract: p.createNewAccountFeeInSystemContract,
        getTotalEnergyLimit: p.totalEnergyLimit,
        getTotalEnergyCurrentLimit: p.totalEnergyLimit,
        getFreeNetLimit: p.freeNetLimit,
        getTotalNetLimit: p.totalNetLimit,
      };
      return {
        chainParameter: CHAIN_PARAMETERS.map(([key, fixed]) => {
          const value = key in live ? live[key] : fixed;
          return value ? { key, value } : { key };
        }),
      };
    });
    this.route(['/wallet/getnodeinfo'], () => {
      const head = c.head();
      const solid = c.solidHead();
      return {
        beginSyncNum: head.number,
        block: `Num:${head.number},ID:${head.id}`,
        solidityBlock: `Num:${solid.number},ID:${solid.id}`,
        currentConnectCount: 0,
        activeConnectCount: 0,
        passiveConnectCount: 0,
        totalFlow: 0,
        peerInfoList: [],
        configNodeInfo: { codeVersion: '4.8.0', versionNum: '19000', p2pVersion: '11111' },
        machineInfo: {},
        cheatWitnessInfoMap: {},
      };
    });
    this.route(['/wallet/getcontract'], (ctx) => {
      const addr = parseAddress(ctx.params.value);
      const k = c.contracts.get(addr);
      if (!k) return {};
      return {
        origin_address: c.faucet,
        contract_address: k.address,
        abi: { entrys: k.abi },
        bytecode: '',
        consume_user_resource_percent: 100,
        name: k.contractName,
        origin_energy_limit: 10_000_000,
        code_hash: toHex(fromHex(k.address.slice(2).padEnd(64, '0'))),
      };
    });
    this.route(['/wallet/triggersmartcontract'], (ctx) => {
      try {
        const call = this.triggerArgs(ctx.params);
        const feeLimit = Number(ctx.params.fee_limit ?? 0);
        const k = c.contracts.get(call.contract);
        if (!k) throw new ValidationError('No contract or not a valid smart contract');
        const view = [
          SELECTORS.balanceOf,
          SELECTORS.decimals,
          SELECTORS.symbol,
          SELECTORS.name,
          SELECTORS.totalSupply,
          SELECTORS.isBlackListed,
          SELECTORS.getBlackListStatus,
        ] as string[];
        if (k.kind === 'token' && view.includes(call.data.slice(0, 8))) {
          return this.constantReply(call, ctx.params, false, feeLimit);
        }
        const tx = this.unsignedTx(call, ctx.params, feeLimit);
        return { result: { result: true }, transaction: { ...tx, visible: ctx.visible } };
      } catch (e) {
        return { result: this.errorReturn(e) };
      }
    });
    this.route(
      ['/wallet/triggerconstantcontract', '/walletsolidity/triggerconstantcontract'],
      (ctx) => {
        try {
          const call = this.triggerArgs(ctx.params);
          return this.constantReply(call, ctx.params, isSolid(ctx), 0);
        } catch (e) {
          return { result: this.errorReturn(e) };
        }
      },
    );
    this.route(['/wallet/estimateenergy'], (ctx) => {
      try {
        const call = this.triggerArgs(ctx.params);
        const out = c.constantCall(call);
        if (out.reverted) {
          return { result: { code: 'OTHER_ERROR', message: utf8Hex('REVERT opcode executed') } };
        }
        return { result: { result: true }, energy_required: out.energy };
      } catch (e) {
        return { result: this.errorReturn(e) };
      }
    });
    this.route(['/wallet/broadcasttransaction'], (ctx) => this.broadcast(ctx));
  }

  private errorReturn(e: unknown): Record<string, unknown> {
    if (e instanceof ValidationError) {
      return { code: 'CONTRACT_VALIDATE_ERROR', message: utf8Hex(e.message) };
    }
    const msg = (e as Error).message.replace(/"/g, "'");
    return {
      code: 'OTHER_ERROR',
      message: utf8Hex(`class java.security.InvalidParameterException : ${msg}`),
    };
  }

  private broadcast(ctx: Ctx): unknown {
    const forced = this.nextBroadcast;
    this.nextBroadcast = null;
    let result: { txid: string; code?: string; message?: string };
    if (forced?.mode === 'drop') {
      // The node says it took the transaction and loses it: it never reaches a block.
      result = { txid: this.chain.txidOf(ctx.params) };
    } else if (forced && !forced.accept) {
      // The node answers without taking the transaction.
      const txid = this.chain.txidOf(ctx.params);
      result =
        forced.mode === 'duplicate'
          ? { txid, code: 'DUP_TRANSACTION_ERROR', message: 'Dup transaction.' }
          : { txid, code: 'SERVER_BUSY', message: 'Server busy.' };
    } else {
      result = this.chain.broadcast(ctx.params, {
        forceDuplicate: forced?.mode === 'duplicate',
      });
    }
    const body: Record<string, unknown> = result.code
      ? { code: result.code, txid: result.txid, message: utf8Hex(result.message ?? '') }
      : { result: true, txid: result.txid };
    if (forced?.mode === 'hang') {
      this.hung.add(ctx.res);
      ctx.res.on('close', () => this.hung.delete(ctx.res));
      if (forced.delayMs > 0) {
        setTimeout(() => {
          this.hung.delete(ctx.res);
          if (!ctx.res.destroyed) this.send(ctx.res, 200, body);
        }, forced.delayMs).unref();
      }
      return HANDLED;
    }
    return body;
  }

  // -------------------------------------------------------------------------
  // Test controls

  private keyOrFaucet(p: Params): string {
    if (p.from_private_key === undefined) return this.options.faucetKey;
    if (
      typeof p.from_private_key !== 'string' ||
      !/^(0x)?[0-9a-fA-F]{64}$/.test(p.from_private_key)
    ) {
      throw new ControlError('from_private_key must be 32 bytes of hex');
    }
    return p.from_private_key.replace(/^0x/, '');
  }

  private address(p: Params, key: string): HexAddress {
    try {
      return parseAddress(p[key]);
    } catch (e) {
      throw new ControlError(`${key}: ${(e as Error).message}`);
    }
  }

  private amount(p: Params, key = 'amount'): bigint {
    try {
      return parseAmount(p[key], key);
    } catch (e) {
      throw new ControlError((e as Error).message);
    }
  }

  private tokenCall(owner: HexAddress, contract: HexAddress, data: string) {
    return {
      type: 'TriggerSmartContract' as const,
      owner,
      contract,
      data,
      callValue: 0n,
      callTokenValue: 0n,
      tokenId: 0n,
    };
  }

  private info(): Record<string, unknown> {
    const c = this.chain;
    const both = (a: HexAddress) => ({ base58: hexToBase58(a), hex: a });
    return {
      head: c.head().number,
      head_id: c.head().id,
      solidified: c.solidifiedNumber,
      solid_lag: c.lag,
      pending: c.pendingCount,
      requests_served: this.requestsServed,
      faults: this.faults.describe(),
      faucet: { ...both(c.faucet), private_key: this.options.faucetKey },
      usdt: both(this.options.usdtContract),
      fake_usdt: both(this.options.fakeUsdtContract),
      router: both(this.options.routerContract),
    };
  }

  private registerControls(): void {
    const c = this.chain;
    const o = this.options;
    const ctl = (path: string, h: Handler) => this.route([`/_stub/${path}`], h);
    const heights = () => ({
      head: c.head().number,
      solidified: c.solidifiedNumber,
      solid_lag: c.lag,
    });

    ctl('info', () => this.info());
    ctl('reset', (ctx) => {
      for (const res of this.hung) res.destroy();
      this.hung.clear();
      this.nextBroadcast = null;
      this.faults.clear();
      this.lies = [];
      this.requestsServed = 0;
      c.reset(intParam(ctx.params.solid_lag, 'solid_lag', o.solidLag));
      return this.info();
    });
    ctl('blocks', (ctx) => {
      const count = intParam(ctx.params.count, 'count', 1);
      if (count < 1 || count > 10_000) throw new ControlError('count must be 1..10000');
      const made = c.produceBlocks(count);
      return {
        ...heights(),
        blocks: made.map((b) => ({ number: b.number, id: b.id, txids: b.txs.map((t) => t.id) })),
      };
    });
    ctl('solidity', (ctx) => {
      if (ctx.params.lag !== undefined) c.setSolidLag(intParam(ctx.params.lag, 'lag'));
      if (ctx.params.height !== undefined) c.solidifyTo(intParam(ctx.params.height, 'height'));
      return heights();
    });
    ctl('account', (ctx) => {
      const address = this.address(ctx.params, 'address');
      const change: { balance?: bigint; energy?: bigint; freeNetUsed?: bigint } = {};
      if (ctx.params.trx !== undefined) change.balance = this.amount(ctx.params, 'trx');
      if (ctx.params.energy !== undefined) change.energy = this.amount(ctx.params, 'energy');
      if (ctx.params.free_bandwidth_used !== undefined) {
        change.freeNetUsed = this.amount(ctx.params, 'free_bandwidth_used');
      }
      c.setAccount(address, change);
      const acc = c.view().account(address)!;
      return {
        address: hexToBase58(address),
        trx: Number(acc.balance),
        energy_limit: Number(acc.energyLimit),
        energy_used: Number(acc.energyUsed),
      };
    });
    // AccountPermissionUpdate in short: one owner and active permission, `threshold` of the
    // weights of `keys` ([{address, weight}]); a transaction of the account then needs that.
    // Strangers' USDT transfers in every block from now on (a mainnet shape): `per_block` of them,
    // `ours_per_block` of which pay `ours` (addresses) in turn; per_block 0 stops them.
    ctl('foreign-traffic', (ctx) => {
      const perBlock = intParam(ctx.params.per_block, 'per_block', 0);
      const raw = ctx.params.ours ?? [];
      if (!Array.isArray(raw)) throw new ControlError('ours must be a list of addresses');
      const ours = raw.map((a: unknown) => {
        try {
          return parseAddress(a);
        } catch (e) {
          throw new ControlError(`ours: ${(e as Error).message}`);
        }
      });
      c.foreignTraffic = perBlock
        ? { perBlock, ours, oursPerBlock: intParam(ctx.params.ours_per_block, 'ours_per_block', 0) }
        : null;
      return { per_block: perBlock, ours: ours.length };
    });
    ctl('permissions', (ctx) => {
      const address = this.address(ctx.params, 'address');
      const raw = ctx.params.keys;
      if (!Array.isArray(raw) || raw.length === 0 || raw.length > 5) {
        throw new ControlError('keys must list 1 to 5 {address, weight}');
      }
      const keys = raw.map((k: Record<string, unknown>) => ({
        address: this.address(k, 'address'),
        weight: intParam(k.weight, 'weight', 1),
      }));
      const threshold = intParam(ctx.params.threshold, 'threshold');
      if (threshold < 1 || threshold > keys.reduce((sum, k) => sum + k.weight, 0)) {
        throw new ControlError('threshold must be between 1 and the sum of the weights');
      }
      c.setAccount(address, { permission: { threshold, keys } });
      return { address: hexToBase58(address), threshold, keys: keys.length };
    });
    ctl('trx/transfer', (ctx) => {
      const to = this.address(ctx.params, 'to');
      const key = this.keyOrFaucet(ctx.params);
      const owner = addressFromPrivateKey(key);
      const amount = this.amount(ctx.params);
      const txid = c.submitSigned(key, { type: 'TransferContract', owner, to, amount });
      return { txid };
    });
    const usdtTransfer = (token: HexAddress) => (ctx: Ctx) => {
      const to = this.address(ctx.params, 'to');
      const amount = this.amount(ctx.params);
      const key = this.keyOrFaucet(ctx.params);
      const owner = addressFromPrivateKey(key);
      const data = SELECTORS.transfer + wordAddress(to) + wordUint(amount);
      return { txid: c.submitSigned(key, this.tokenCall(owner, token, data)) };
    };
    ctl('usdt/transfer', usdtTransfer(o.usdtContract));
    ctl('fake-usdt/transfer', usdtTransfer(o.fakeUsdtContract));
    ctl('fabricate', (ctx) => {
      // A USDT transfer only this node reports, in the next block (issue 43): a node that lies.
      const to = this.address(ctx.params, 'to');
      const amount = this.amount(ctx.params);
      const from = ctx.params.from === undefined ? c.faucet : this.address(ctx.params, 'from');
      const blockNumber = c.head().number + 1;
      const id = sha256Hex(
        new TextEncoder().encode(`lie|${to}|${amount}|${Date.now()}|${Math.random()}`),
      );
      const usdt = o.usdtContract;
      const data = SELECTORS.transfer + wordAddress(to) + wordUint(amount);
      const json = {
        ret: [{ contractRet: 'SUCCESS' }],
        signature: ['0'.repeat(130)],
        txID: id,
        raw_data: {
          contract: [
            {
              parameter: {
                value: { data, owner_address: from, contract_address: usdt },
                type_url: 'type.googleapis.com/protocol.TriggerSmartContract',
              },
              type: 'TriggerSmartContract',
            },
          ],
          ref_block_bytes: '0000',
          ref_block_hash: '0000000000000000',
          expiration: c.nextSlotTime() + 60_000,
          fee_limit: 30_000_000,
          timestamp: c.nextSlotTime(),
        },
        raw_data_hex: '',
      };
      const info = {
        id,
        fee: 2_963_100,
        blockNumber,
        contractResult: [wordBool(true)],
        contract_address: usdt,
        receipt: {
          energy_fee: 2_963_100,
          energy_usage_total: 29_631,
          net_usage: 345,
          result: 'SUCCESS',
        },
        log: [
          {
            address: usdt.slice(2),
            topics: [TRANSFER_TOPIC, wordAddress(from), wordAddress(to)],
            data: wordUint(amount),
          },
        ],
      };
      this.lies.push({ id, blockNumber, json, info });
      return { txid: id, block: blockNumber };
    });
    ctl('usdt/blacklist', (ctx) => {
      const address = this.address(ctx.params, 'address');
      const listed = ctx.params.listed === undefined ? true : bool(ctx.params.listed);
      if (listed) c.blacklist.add(address);
      else c.blacklist.delete(address);
      return {
        address: hexToBase58(address),
        listed,
        blacklisted: [...c.blacklist].map(hexToBase58),
      };
    });
    ctl('usdt/revert', (ctx) => {
      const to = this.address(ctx.params, 'to');
      const amount = this.amount(ctx.params);
      const reason =
        typeof ctx.params.reason === 'string' ? ctx.params.reason : 'transfer reverted';
      const data = SELECTORS.transfer + wordAddress(to) + wordUint(amount);
      const call = this.tokenCall(c.faucet, o.usdtContract, data);
      return { txid: c.submitSigned(o.faucetKey, call, { revert: reason }) };
    });
    ctl('usdt/double-transfer', (ctx) => {
      const to = this.address(ctx.params, 'to');
      const amounts = ctx.params.amounts;
      if (!Array.isArray(amounts) || amounts.length !== 2) {
        throw new ControlError('amounts must be an array of two integers');
      }
      const values = amounts.map((a, i) => this.amount({ [`amounts[${i}]`]: a }, `amounts[${i}]`));
      // batchTransfer(address[],uint256[]) on the token: two Transfer logs in one receipt.
      const data =
        SELECTORS.batchTransfer +
        wordUint(64n) +
        wordUint(160n) +
        wordUint(2n) +
        wordAddress(to) +
        wordAddress(to) +
        wordUint(2n) +
        wordUint(values[0]) +
        wordUint(values[1]);
      const moves = values.map((amount) => ({ token: o.usdtContract, from: c.faucet, to, amount }));
      const call = this.tokenCall(c.faucet, o.usdtContract, data);
      return { txid: c.submitSigned(o.faucetKey, call, { moves }) };
    });
    ctl('usdt/router-transfer', (ctx) => {
      const to = this.address(ctx.params, 'to');
      const amount = this.amount(ctx.params);
      const from = ctx.params.from === undefined ? c.faucet : this.address(ctx.params, 'from');
      const data = SELECTORS.transferFrom + wordAddress(from) + wordAddress(to) + wordUint(amount);
      const call = this.tokenCall(c.faucet, o.routerContract, data);
      const moves = [{ token: o.usdtContract, from, to, amount }];
      return { txid: c.submitSigned(o.faucetKey, call, { moves, via: o.routerContract }) };
    });
    ctl('faults', (ctx) => {
      try {
        this.faults.set(ctx.params);
      } catch (e) {
        throw new ControlError((e as Error).message);
      }
      // One body replaces the faults: the lies end with them.
      this.lies = [];
      // A hang or an error status now applies to new requests; hung ones end when cleared.
      if (!this.faults.hang) {
        for (const res of this.hung) if (!res.headersSent) res.destroy();
      }
      return this.faults.describe();
    });
    ctl('parameters', (ctx) => {
      const names: [string, keyof typeof c.params][] = [
        ['energy_fee', 'energyFee'],
        ['transaction_fee', 'transactionFee'],
        ['create_account_fee', 'createAccountFee'],
        ['create_new_account_fee_in_system_contract', 'createNewAccountFeeInSystemContract'],
        ['free_net_limit', 'freeNetLimit'],
      ];
      for (const [param, key] of names) {
        if (ctx.params[param] !== undefined) c.params[key] = intParam(ctx.params[param], param);
      }
      return { ...c.params };
    });
    ctl('broadcast/next', (ctx) => {
      const mode = ctx.params.mode;
      if (mode === 'normal') {
        this.nextBroadcast = null;
        return { mode };
      }
      if (mode !== 'hang' && mode !== 'duplicate' && mode !== 'drop') {
        throw new ControlError('mode must be "hang", "duplicate", "drop" or "normal"');
      }
      const accept = ctx.params.accept === undefined ? true : bool(ctx.params.accept);
      const delayMs = intParam(ctx.params.delay_ms, 'delay_ms', 0);
      this.nextBroadcast = { mode, accept, delayMs };
      return { mode, accept, delay_ms: delayMs };
    });
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > 4 * 1024 * 1024) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** getchainparameters: the mainnet values that matter to fees; 0 is left out as java-tron does. */
const CHAIN_PARAMETERS: [string, number][] = [
  ['getMaintenanceTimeInterval', 21_600_000],
  ['getAccountUpgradeCost', 9_999_000_000],
  ['getCreateAccountFee', 100_000],
  ['getTransactionFee', 1_000],
  ['getAssetIssueFee', 1_024_000_000],
  ['getWitnessPayPerBlock', 8_000_000],
  ['getWitnessStandbyAllowance', 115_200_000_000],
  ['getCreateNewAccountFeeInSystemContract', 1_000_000],
  ['getCreateNewAccountBandwidthRate', 1],
  ['getAllowCreationOfContracts', 1],
  ['getRemoveThePowerOfTheGr', -1],
  ['getEnergyFee', 100],
  ['getExchangeCreateFee', 1_024_000_000],
  ['getMaxCpuTimeOfOneTx', 80],
  ['getAllowUpdateAccountName', 0],
  ['getAllowSameTokenName', 1],
  ['getAllowDelegateResource', 1],
  ['getTotalEnergyLimit', 180_000_000_000],
  ['getAllowTvmTransferTrc10', 1],
  ['getTotalEnergyCurrentLimit', 180_000_000_000],
  ['getFreeNetLimit', 600],
  ['getTotalNetLimit', 43_200_000_000],
  ['getUnfreezeDelayDays', 14],
  ['getAllowMultiSign', 1],
  ['getAllowAdaptiveEnergy', 0],
  ['getUpdateAccountPermissionFee', 100_000_000],
  ['getMultiSignFee', 1_000_000],
  ['getAllowTvmConstantinople', 1],
  ['getAllowTvmSolidity059', 1],
  ['getAllowTvmIstanbul', 1],
  ['getAllowTvmLondon', 1],
  ['getAllowDynamicEnergy', 1],
  ['getDynamicEnergyThreshold', 5_000_000_000],
  ['getDynamicEnergyIncreaseFactor', 2_000],
  ['getDynamicEnergyMaxFactor', 34_000],
  ['getMemoFee', 1_000_000],
  ['getMaxFeeLimit', 15_000_000_000],
];
