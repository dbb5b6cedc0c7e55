import { providers } from 'tronweb';
import { inSpan } from '../tracing/trace-context';

/**
 * Several TRON nodes behind one door (TRON_FULL_NODE_URL with commas), as a
 * provider's public endpoints behave: rate limits (429 with Retry-After),
 * outages (5xx), silent connections (timeouts), load-balanced backends that
 * lag or do not have a block yet. A call goes to the first node that is not
 * resting; a node that fails rests for its Retry-After, at least
 * MIN_REST_MS, and the call moves on to the next (contract section 10). Every
 * so often the solidified heads of all nodes are compared; one more than
 * TRON_MAX_NODE_LAG_BLOCKS behind the best rests too. Every request first
 * takes its share of the request budget (TRON_MAX_REQUESTS_PER_SECOND).
 */

/** A node's failure that another node may not share: the call moves on. */
export class NodeFault extends Error {
  constructor(
    message: string,
    /** How long the node asked to be left alone (Retry-After), in ms. */
    readonly retryAfterMs = 0,
  ) {
    super(message);
  }
}

/** No node could answer (each failed or rests): a dependency away (common/unavailable.ts, by name). */
export class NoNodeError extends Error {
  override readonly name = 'NoNodeError';
}

/** Waits, when needed, until one more request fits the budget. */
export interface RequestBudget {
  take(): Promise<void>;
}

export interface PoolOptions {
  urls: string[];
  timeoutMs: number;
  headers?: Record<string, string>;
  /** 0: never compare heads. */
  maxLagBlocks: number;
  budget?: RequestBudget;
  now?: () => number;
}

/** The least a failed or lagging node rests (contract section 10). */
export const MIN_REST_MS = 5_000;
/** How often the solidified heads of all nodes are compared. */
export const PROBE_EVERY_MS = 10_000;

export interface NodeStatus {
  url: string;
  /** Until when it is left out (ms since the epoch); 0: in use. */
  restUntil: number;
  reason: string | null;
  solidHead: number | null;
}

interface NodeState extends NodeStatus {
  provider: InstanceType<typeof providers.HttpProvider>;
  restingFor: 'fault' | 'lag' | null;
}

export class NodePool {
  private readonly nodes: NodeState[];
  private readonly now: () => number;
  private lastProbe = 0;
  private probing: Promise<void> | null = null;

  constructor(private readonly options: PoolOptions) {
    if (options.urls.length === 0) throw new Error('at least one TRON node URL is needed');
    this.now = options.now ?? Date.now;
    this.nodes = options.urls.map((url) => ({
      url,
      provider: new providers.HttpProvider(url, options.timeoutMs, '', '', options.headers ?? {}),
      restUntil: 0,
      reason: null,
      solidHead: null,
      restingFor: null,
    }));
  }

  get urls(): string[] {
    return this.nodes.map((n) => n.url);
  }

  /** The nodes not resting now, in order. */
  awake(): string[] {
    return this.nodes.filter((n) => n.restUntil <= this.now()).map((n) => n.url);
  }

  /** Rests a node that failed outside `run` (a second opinion asked of it). */
  fail(url: string, fault: NodeFault): void {
    const node = this.nodes.find((n) => n.url === url);
    if (node) this.rest(node, 'fault', fault.message, fault.retryAfterMs);
  }

  status(): NodeStatus[] {
    return this.nodes.map(({ url, restUntil, reason, solidHead }) => ({
      url,
      restUntil: restUntil > this.now() ? restUntil : 0,
      reason: restUntil > this.now() ? reason : null,
      solidHead,
    }));
  }

  /**
   * Runs `attempt` against the first node in order that is not resting; when it
   * throws a NodeFault that node rests and the next one is tried. Other errors
   * (a node's own `{Error}` answer, a bug) end the call as they are. Within a
   * trace, one span (`tron <what>`) over its HTTP requests, one per node tried.
   */
  run<T>(
    what: string,
    attempt: (node: string) => Promise<T>,
    options: { exclude?: string } = {},
  ): Promise<T> {
    return inSpan(`tron ${what}`, { attributes: { 'tron.call': what }, onlyInTrace: true }, () =>
      this.runOnPool(what, attempt, options),
    );
  }

  private async runOnPool<T>(
    what: string,
    attempt: (node: string) => Promise<T>,
    options: { exclude?: string },
  ): Promise<T> {
    await this.probeIfDue();
    const faults: string[] = [];
    for (const node of this.nodes) {
      if (node.restUntil > this.now() || node.url === options.exclude) continue;
      try {
        return await attempt(node.url);
      } catch (error) {
        if (!(error instanceof NodeFault)) throw error;
        this.rest(node, 'fault', error.message, error.retryAfterMs);
        faults.push(`${node.url}: ${error.message}`);
      }
    }
    const resting = this.nodes
      .filter((n) => n.restUntil > this.now() && !faults.some((f) => f.startsWith(`${n.url}:`)))
      .map((n) => `${n.url} rests (${n.reason})`);
    throw new NoNodeError(`${what}: no TRON node answered: ${[...faults, ...resting].join('; ')}`);
  }

  /** One HTTP request to one node of the pool, within the budget; transport failures are NodeFaults. */
  async request<T>(url: string, path: string, payload: object = {}, method = 'post'): Promise<T> {
    const node = this.nodes.find((n) => n.url === url);
    if (!node) throw new Error(`not a node of the pool: ${url}`);
    await this.options.budget?.take();
    let answer: unknown;
    try {
      answer = await node.provider.request(path, payload, method as never);
    } catch (error) {
      throw faultOf(error, this.options.timeoutMs);
    }
    // Every java-tron endpoint answers a JSON object or array: anything else (an HTML error page
    // behind a balancer, an empty body) is the node failing, like a 503 (issue 43).
    if (answer === null || typeof answer !== 'object') {
      throw new NodeFault(`${path} answered something other than JSON`);
    }
    return answer as T;
  }

  private rest(node: NodeState, why: 'fault' | 'lag', reason: string, retryAfterMs = 0): void {
    node.restUntil = this.now() + Math.max(MIN_REST_MS, retryAfterMs);
    node.reason = reason;
    node.restingFor = why;
  }

  private probeIfDue(): Promise<void> {
    if (this.nodes.length < 2 || this.options.maxLagBlocks <= 0) return Promise.resolve();
    // Calls made while a probe runs wait for its verdict too.
    if (this.probing) return this.probing;
    if (this.now() - this.lastProbe < PROBE_EVERY_MS) return Promise.resolve();
    this.probing ??= this.probe().finally(() => {
      this.probing = null;
    });
    return this.probing;
  }

  /**
   * Asks every node not resting for a fault (a lagging one too: it may have
   * caught up) for its solidified head, and rests those too far behind the best.
   */
  async probe(): Promise<void> {
    this.lastProbe = this.now();
    const asked = this.nodes.filter((n) => n.restUntil <= this.now() || n.restingFor === 'lag');
    await Promise.all(
      asked.map(async (node) => {
        try {
          const block = await this.request<unknown>(node.url, 'walletsolidity/getnowblock');
          const bad = malformedBlock(block);
          // A node that answers a block without its header is failing, not lagging.
          if (bad) throw new NodeFault(`getnowblock: ${bad}`);
          node.solidHead = (block as ShapedBlock).block_header.raw_data.number ?? 0;
        } catch (error) {
          node.solidHead = null;
          if (error instanceof NodeFault) {
            this.rest(node, 'fault', error.message, error.retryAfterMs);
          }
        }
      }),
    );
    const heads = asked.map((n) => n.solidHead).filter((h): h is number => h !== null);
    if (heads.length === 0) return;
    const best = Math.max(...heads);
    for (const node of asked) {
      if (node.solidHead === null) continue;
      const behind = best - node.solidHead;
      if (behind > this.options.maxLagBlocks) {
        this.rest(node, 'lag', `solidified head ${behind} blocks behind`);
      } else if (node.restingFor === 'lag') {
        node.restUntil = 0;
        node.reason = null;
        node.restingFor = null;
      }
    }
  }
}

interface ShapedBlock {
  block_header: { raw_data: { number?: number; timestamp?: number } };
}

/**
 * Why an answer that should be a block is not one (a node answering `{}`, a
 * header without its number's type, transactions that are not a list), or
 * null when it is one. The genesis block prints no number; every block prints
 * its time.
 */
export function malformedBlock(block: unknown): string | null {
  if (!block || typeof block !== 'object' || Array.isArray(block)) return 'not an object';
  const { block_header: header, transactions } = block as Record<string, unknown>;
  if (!header || typeof header !== 'object') return 'answered without a block header';
  const raw = (header as Record<string, unknown>).raw_data as Record<string, unknown> | undefined;
  if (!raw || typeof raw !== 'object') return 'a block header without raw_data';
  if (
    raw.number !== undefined &&
    !(Number.isSafeInteger(raw.number) && (raw.number as number) >= 0)
  )
    return 'a block number that is not a number';
  const genesis = raw.number === undefined && raw.timestamp === undefined;
  if (!genesis && !Number.isSafeInteger(raw.timestamp)) return 'a block time that is not a number';
  if (transactions !== undefined && !Array.isArray(transactions))
    return 'transactions that are not a list';
  return null;
}

/** What a failed request says about its node: status, Retry-After, timeout, network. */
export function faultOf(error: unknown, timeoutMs: number): NodeFault {
  const e = error as {
    code?: string;
    message?: string;
    response?: { status?: number; headers?: Record<string, unknown> };
  };
  const status = e?.response?.status;
  if (status) {
    const retryAfter = retryAfterMs(e.response?.headers?.['retry-after']);
    return new NodeFault(`HTTP ${status}`, retryAfter);
  }
  if (e?.code === 'ECONNABORTED' || e?.code === 'ETIMEDOUT' || /timeout/i.test(e?.message ?? '')) {
    return new NodeFault(`no answer within ${timeoutMs} ms`);
  }
  return new NodeFault(e?.code ?? e?.message ?? 'request failed');
}

/** Retry-After as seconds or an HTTP date, in ms from now; 0 when absent or unreadable. */
export function retryAfterMs(value: unknown, now = Date.now()): number {
  if (typeof value !== 'string' || !value.trim()) return 0;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? 0 : Math.max(0, at - now);
}
