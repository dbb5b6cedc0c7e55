import { INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createDevWallet, loadOptions, TronNode } from '@app/tron-node';
import { WorkerModule } from '../../src/worker/worker.module';
import { operator, startApp, type TestApp } from './harness';

/** A fixed development wallet: tests get the same addresses every run. */
export const TEST_WALLET = createDevWallet(
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
);

/**
 * The local TRON node on a free port, blocks only on demand, and its controls.
 * `sameChainAs`: a second node serving that node's chain (a provider's other
 * backend), to be made to fail with `control('faults', …)`.
 */
export async function startTronNode(solidLag = 2, sameChainAs?: { node: TronNode }) {
  const node = new TronNode(
    loadOptions({}, { port: 0, blockIntervalMs: 0, solidLag }),
    sameChainAs?.node.chain,
  );
  const url = await node.listen();

  async function control<T = Record<string, unknown>>(
    path: string,
    body: Record<string, unknown> = {},
  ): Promise<T> {
    const res = await fetch(`${url}/_stub/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`control ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  }

  return {
    node,
    url,
    control,
    /** USDT from the faucet; returns the tx id (in the next block). */
    payUsdt: async (to: string, micro: bigint | number) =>
      (await control<{ txid: string }>('usdt/transfer', { to, amount: String(micro) })).txid,
    /** Produces enough blocks for everything pending to be solidified. */
    solidify: () => control('blocks', { count: solidLag + 1 }),
    close: () => node.close(),
  };
}

export type TronTestNode = Awaited<ReturnType<typeof startTronNode>>;

/** The settings an API or worker needs to use the test node and wallet. */
export function tronSettings(node: TronTestNode): Record<string, string> {
  return {
    TRON_FULL_NODE_URL: node.url,
    TRON_DEPOSIT_XPUB: TEST_WALLET.depositXpub,
    TRON_HOT_WALLET_PRIVATE_KEY: TEST_WALLET.hotWalletPrivateKey,
    TRON_MIN_CONFIRMATIONS: '1',
    TRON_SCAN_INTERVAL_MS: '100',
    SWEEP_INTERVAL_MS: '200',
  };
}

/** A real worker process's module tree, booted in this process with `settings`. */
export async function startWorker(
  settings: Record<string, string>,
): Promise<INestApplicationContext> {
  const saved = Object.fromEntries(Object.keys(settings).map((key) => [key, process.env[key]]));
  Object.assign(process.env, settings);
  try {
    return await NestFactory.createApplicationContext(WorkerModule, { logger: false });
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * Withdrawals that earlier suites left approved or failed were meant for their
 * own test node: this suite's worker would send them from its hot wallet and
 * spend the USDT and TRX the suite counts on. They are given back (rejected or
 * refunded through the operator API, so the ledger stays sound).
 */
export async function giveBackEarlierSuitesWithdrawals(
  t: TestApp,
  admin: Record<string, string>,
): Promise<void> {
  const rows: { id: string }[] = await t.db.query(
    `SELECT id FROM withdrawals WHERE status IN ('approved', 'failed') ORDER BY id`,
  );
  for (const { id } of rows) {
    const res = await t
      .http()
      .post(`/admin/withdrawals/${id}/reject`)
      .set(admin)
      .send({ reason: 'left by an earlier test suite' });
    if (res.status !== 200) throw new Error(`withdrawal ${id}: ${res.status} ${res.text}`);
  }
}

/**
 * What a suite that moves money on `node` starts with: an API (in this
 * process) and a worker with `settings`, the scanner starting at the chain's
 * current height, an operator signed in, and earlier suites' withdrawals
 * given back.
 */
export async function startOnChain(settings: Record<string, string>): Promise<{
  t: TestApp;
  admin: Record<string, string>;
  worker: INestApplicationContext;
}> {
  const t = await startApp(settings);
  await t.db.query(`DELETE FROM chain_cursors`);
  const admin = await operator(t);
  await giveBackEarlierSuitesWithdrawals(t, admin);
  const worker = await startWorker(settings);
  return { t, admin, worker };
}

/** The hot wallet's TRX (sun), energy and USDT (micro) on `node`, in its next block. */
export async function fundHotWallet(
  node: TronTestNode,
  funds: { usdt: bigint; trx: bigint; energy: number },
): Promise<void> {
  const address = TEST_WALLET.hotWalletAddress;
  await node.control('account', { address, trx: String(funds.trx), energy: funds.energy });
  await node.payUsdt(address, funds.usdt);
}

/** The chain moves on by itself, as a real one does: a block every `ms`; clearInterval stops it. */
export function keepMakingBlocks(node: TronTestNode, ms = 100): NodeJS.Timeout {
  return setInterval(() => void node.control('blocks').catch(() => undefined), ms);
}
