import { TronWeb } from 'tronweb';
import { loadOptions, TronNode } from '../src';

/** A stub node on a free port with the block timer off, and clients for it. */
export async function startNode(overrides: Parameters<typeof loadOptions>[1] = {}) {
  const node = new TronNode(loadOptions({}, { port: 0, blockIntervalMs: 0, ...overrides }));
  const url = await node.listen();

  async function control<T = any>(path: string, body: Record<string, unknown> = {}): Promise<T> {
    const res = await fetch(`${url}/_stub/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`control ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  async function call<T = any>(path: string, body: Record<string, unknown> = {}): Promise<T> {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  function tronWeb(privateKey?: string): TronWeb {
    return new TronWeb({ fullHost: url, ...(privateKey ? { privateKey } : {}) });
  }

  return { node, url, control, call, tronWeb, close: () => node.close() };
}

export type Harness = Awaited<ReturnType<typeof startNode>>;

export const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** An ABI word for an address: 20 bytes without the 41 prefix, left-padded. */
export function topicOf(tw: TronWeb, base58: string): string {
  return tw.address.toHex(base58).slice(2).padStart(64, '0');
}
