/**
 * What a public node or provider does to its clients, set by /_stub/faults so
 * that tests (and a chaos benchmark) can make one node of several misbehave:
 *
 * - `status` 429 / 500 / 502 / 503 / 504, with `retry_after` seconds in a
 *   Retry-After header: every node request is refused;
 * - `hang`: requests are taken and never answered;
 * - `count`: only the next `count` requests get `status` or `hang`, then it clears;
 * - `paths`: `status` / `hang` hit only paths starting with one of these;
 * - `lag`: the solidity endpoints see the solidified head that many blocks back;
 * - `missing_blocks`: block numbers this node says do not exist (yet), on both views;
 * - `answer`: requests are answered 200 with nonsense, as a load-balanced public
 *   node can: `empty` (`{}`), `not_json` (an HTML page), `wrong_types` (a block
 *   whose number is a string and whose transactions are not a list); `paths`
 *   and `count` narrow it as they narrow `status`;
 * - `lie: "revert"`: gettransactioninfobyid says every contract call it knows
 *   reverted (a node lying about a withdrawal's outcome);
 * - `fabricate` (/_stub/fabricate, a lie kept with the faults): transfers only
 *   this node reports, cleared with the faults.
 *
 * One body replaces the previous faults; `{}` clears them.
 */
export type Nonsense = 'empty' | 'not_json' | 'wrong_types';
export type Fault = 'hang' | { status: number; retryAfter?: number } | { answer: Nonsense };

const NONSENSE = new Set<Nonsense>(['empty', 'not_json', 'wrong_types']);

const STATUSES = new Set([429, 500, 502, 503, 504]);

function nonNegativeInt(value: unknown, what: string): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
    throw new Error(`${what} must be a non-negative integer`);
  }
  return n;
}

export class Faults {
  status?: number;
  retryAfter?: number;
  hang = false;
  remaining?: number;
  paths?: string[];
  lag = 0;
  missingBlocks = new Set<number>();
  answer?: Nonsense;
  lie?: 'revert';

  clear(): void {
    this.answer = undefined;
    this.lie = undefined;
    this.status = undefined;
    this.retryAfter = undefined;
    this.hang = false;
    this.remaining = undefined;
    this.paths = undefined;
    this.lag = 0;
    this.missingBlocks = new Set();
  }

  set(body: Record<string, unknown>): void {
    const next = new Faults();
    if (body.status !== undefined) {
      const status = nonNegativeInt(body.status, 'status');
      if (!STATUSES.has(status)) throw new Error('status must be one of 429, 500, 502, 503, 504');
      next.status = status;
    }
    if (body.retry_after !== undefined) {
      next.retryAfter = nonNegativeInt(body.retry_after, 'retry_after');
    }
    if (body.hang !== undefined) next.hang = body.hang === true || body.hang === 'true';
    if (next.hang && next.status) throw new Error('status and hang exclude each other');
    if (body.answer !== undefined) {
      if (!NONSENSE.has(body.answer as Nonsense)) {
        throw new Error('answer must be one of empty, not_json, wrong_types');
      }
      if (next.hang || next.status) throw new Error('answer excludes status and hang');
      next.answer = body.answer as Nonsense;
    }
    if (body.lie !== undefined) {
      if (body.lie !== 'revert') throw new Error('lie must be "revert"');
      next.lie = 'revert';
    }
    if (body.count !== undefined) next.remaining = nonNegativeInt(body.count, 'count');
    if (body.paths !== undefined) {
      if (!Array.isArray(body.paths) || !body.paths.every((p) => typeof p === 'string')) {
        throw new Error('paths must be an array of path prefixes');
      }
      next.paths = body.paths as string[];
    }
    if (body.lag !== undefined) next.lag = nonNegativeInt(body.lag, 'lag');
    if (body.missing_blocks !== undefined) {
      if (!Array.isArray(body.missing_blocks)) throw new Error('missing_blocks must be an array');
      next.missingBlocks = new Set(
        body.missing_blocks.map((n, i) => nonNegativeInt(n, `missing_blocks[${i}]`)),
      );
    }
    this.status = next.status;
    this.retryAfter = next.retryAfter;
    this.hang = next.hang;
    this.remaining = next.remaining;
    this.paths = next.paths;
    this.lag = next.lag;
    this.missingBlocks = next.missingBlocks;
    this.answer = next.answer;
    this.lie = next.lie;
  }

  /** The fault a request to `path` meets now, if any (counting it against `count`). */
  take(path: string): Fault | undefined {
    if (!this.status && !this.hang && !this.answer) return undefined;
    if (this.paths && !this.paths.some((p) => path.startsWith(p))) return undefined;
    if (this.remaining !== undefined) {
      if (this.remaining === 0) return undefined;
      this.remaining--;
    }
    if (this.hang) return 'hang';
    if (this.answer) return { answer: this.answer };
    return { status: this.status!, retryAfter: this.retryAfter };
  }

  describe(): Record<string, unknown> {
    return {
      ...(this.status ? { status: this.status } : {}),
      ...(this.retryAfter !== undefined ? { retry_after: this.retryAfter } : {}),
      ...(this.hang ? { hang: true } : {}),
      ...(this.remaining !== undefined ? { count: this.remaining } : {}),
      ...(this.paths ? { paths: this.paths } : {}),
      ...(this.lag ? { lag: this.lag } : {}),
      ...(this.missingBlocks.size ? { missing_blocks: [...this.missingBlocks] } : {}),
      ...(this.answer ? { answer: this.answer } : {}),
      ...(this.lie ? { lie: this.lie } : {}),
    };
  }
}
