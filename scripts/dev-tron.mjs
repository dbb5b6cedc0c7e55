// Development helpers around the local TRON node (apps/tron-node); never for
// real funds. Used by `pnpm start` and `pnpm dev:deposit`:
//
//   node scripts/dev-tron.mjs env              shell exports of the dev wallet's
//                                              TRON_DEPOSIT_XPUB / TRON_HOT_WALLET_PRIVATE_KEY
//   node scripts/dev-tron.mjs prepare          waits for the node, funds the hot wallet,
//                                              and restarts the deposit scanner on the new chain
//   node scripts/dev-tron.mjs deposit PHONE USDT   pays a member's deposit address
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const requireApi = createRequire(resolve(root, 'apps/api/package.json'));
const WALLET_FILE = process.env.TRON_DEV_WALLET_FILE || resolve(root, 'var/dev-wallet.json');

function fail(message) {
  console.error(`dev-tron: ${message}`);
  process.exit(1);
}

function wallet() {
  if (existsSync(WALLET_FILE)) return JSON.parse(readFileSync(WALLET_FILE, 'utf8'));
  const { createDevWallet } = requireApi('@app/tron-node');
  const created = createDevWallet();
  mkdirSync(dirname(WALLET_FILE), { recursive: true });
  writeFileSync(WALLET_FILE, JSON.stringify(created, null, 2), { mode: 0o600 });
  return created;
}

const nodeUrl = () => process.env.TRON_FULL_NODE_URL || 'http://127.0.0.1:8090';
async function control(path, body = {}) {
  const res = await fetch(`${nodeUrl()}/_stub/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

async function withDatabase(work) {
  const { Client } = requireApi('pg');
  const db = new Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

const commands = {
  env() {
    const w = wallet();
    console.log(`export TRON_DEPOSIT_XPUB='${w.depositXpub}'`);
    console.log(`export TRON_HOT_WALLET_PRIVATE_KEY='${w.hotWalletPrivateKey}'`);
  },

  async prepare() {
    for (let i = 0; ; i++) {
      try {
        await control('info');
        break;
      } catch {
        if (i > 100) fail(`the local node at ${nodeUrl()} did not answer`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const w = wallet();
    await control('account', {
      address: w.hotWalletAddress,
      trx: String(10_000n * 1_000_000n),
      energy: 100_000_000,
    });
    await control('usdt/transfer', {
      to: w.hotWalletAddress,
      amount: String(100_000n * 1_000_000n),
    });
    // A fresh chain: the scanner starts again from its head.
    await withDatabase((db) =>
      db.query(
        `DELETE FROM chain_cursors WHERE name = 'tron' AND to_regclass('chain_cursors') IS NOT NULL`,
      ),
    );
    console.log(
      `dev-tron: local node ready at ${nodeUrl()}; hot wallet ${w.hotWalletAddress} funded`,
    );
  },

  async deposit(phone, amount) {
    if (!phone || !amount) fail('usage: pnpm dev:deposit <phone> <USDT amount>');
    if (!/^\d+(\.\d{1,6})?$/.test(amount) || Number(amount) <= 0)
      fail(`not a USDT amount: ${amount}`);
    const [whole, fraction = ''] = amount.split('.');
    const micro = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
    try {
      await control('info');
    } catch {
      fail(
        `no local TRON node answers at ${nodeUrl()}: dev:deposit only works with the one pnpm start runs`,
      );
    }
    const xpub = process.env.TRON_DEPOSIT_XPUB || wallet().depositXpub;
    const { deriveTronAddress } = requireApi('@app/domain');
    const id = await withDatabase(async (db) => {
      const { rows } = await db.query(`SELECT id FROM users WHERE phone = $1`, [phone]);
      return rows[0]?.id;
    });
    if (!id) fail(`no member with the phone ${phone}`);
    const address = deriveTronAddress(xpub, id);
    const { txid } = await control('usdt/transfer', { to: address, amount: String(micro) });
    console.log(`dev-tron: sent ${amount} USDT to member ${id} (${address}), tx ${txid}`);
    console.log('dev-tron: it is credited once the next blocks solidify it (a few seconds)');
  },
};

const [command, ...args] = process.argv.slice(2);
if (!commands[command]) fail('usage: node scripts/dev-tron.mjs env | prepare | deposit PHONE USDT');
await Promise.resolve(commands[command](...args)).catch((error) => fail(error.message));
