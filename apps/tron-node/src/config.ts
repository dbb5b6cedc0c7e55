import { labelAddress, labelKey, parseAddress } from './codec';
import { TronNodeOptions } from './server';

/**
 * Settings from the environment. Every limit has a default; 0 turns the
 * block timer off. The USDT address is read from TRON_USDT_CONTRACT, the same
 * setting the API uses, so both sides agree without extra wiring.
 */
export const DEFAULTS = {
  host: '127.0.0.1',
  port: 8090,
  blockIntervalMs: 3000,
  solidLag: 19,
  initialBlocks: 100,
  usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
};

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < 0 || n > max) {
    throw new Error(`${name} must be an integer in [0, ${max}], got "${raw}"`);
  }
  return n;
}

function address(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  try {
    return parseAddress(raw === undefined || raw === '' ? fallback : raw);
  } catch (e) {
    throw new Error(`${name}: ${(e as Error).message}`, { cause: e });
  }
}

function key(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(raw)) throw new Error(`${name} must be 32 bytes of hex`);
  return raw.replace(/^0x/, '').toLowerCase();
}

/** Options for a node; `overrides` wins over the environment (tests pass port 0). */
export function loadOptions(
  env: NodeJS.ProcessEnv = process.env,
  overrides: Partial<TronNodeOptions> = {},
): TronNodeOptions {
  return {
    host: env.TRON_NODE_HOST || DEFAULTS.host,
    port: int(env, 'TRON_NODE_PORT', DEFAULTS.port, 65_535),
    blockIntervalMs: int(env, 'TRON_NODE_BLOCK_INTERVAL_MS', DEFAULTS.blockIntervalMs, 3_600_000),
    solidLag: int(env, 'TRON_NODE_SOLID_LAG', DEFAULTS.solidLag, 100_000),
    initialBlocks: int(env, 'TRON_NODE_INITIAL_BLOCKS', DEFAULTS.initialBlocks, 100_000),
    usdtContract: address(env, 'TRON_USDT_CONTRACT', DEFAULTS.usdtContract),
    fakeUsdtContract: address(
      env,
      'TRON_NODE_FAKE_USDT_CONTRACT',
      labelAddress('tron-node: fake USDT'),
    ),
    routerContract: address(env, 'TRON_NODE_ROUTER_CONTRACT', labelAddress('tron-node: router')),
    faucetKey: key(env, 'TRON_NODE_FAUCET_KEY', labelKey('tron-node: faucet')),
    witnessKey: labelKey('tron-node: witness'),
    ...overrides,
  };
}
