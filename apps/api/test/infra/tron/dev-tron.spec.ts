import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { TronWeb } from 'tronweb';
import { deriveTronAddress } from '@app/domain';
import { TestApp, register, startApp } from '../../support/harness';
import { TEST_WALLET, TronTestNode, startTronNode } from '../../support/tron';

const SCRIPT = resolve(__dirname, '../../../../../scripts/dev-tron.mjs');

/** The development helpers `pnpm start` and `pnpm dev:deposit` use, against the local node. */
describe('scripts/dev-tron.mjs (pnpm start, pnpm dev:deposit)', () => {
  let tron: TronTestNode;
  let t: TestApp;
  const walletFile = join(mkdtempSync(join(tmpdir(), 'dev-wallet-')), 'dev-wallet.json');

  beforeAll(async () => {
    tron = await startTronNode();
    t = await startApp();
  });
  afterAll(async () => {
    await t.close();
    await tron.close();
  });

  const run = (...args: string[]) =>
    new Promise<{ code: number | null; out: string }>((done) => {
      const child = spawn(process.execPath, [SCRIPT, ...args], {
        env: {
          ...process.env,
          TRON_FULL_NODE_URL: tron.url,
          TRON_DEPOSIT_XPUB: TEST_WALLET.depositXpub,
          TRON_DEV_WALLET_FILE: walletFile,
        },
      });
      let out = '';
      child.stdout.on('data', (d) => (out += d));
      child.stderr.on('data', (d) => (out += d));
      child.on('exit', (code) => done({ code, out }));
    });
  const usdtOf = async (address: string) => {
    const tw = new TronWeb({ fullHost: tron.url });
    const res = await tw.transactionBuilder.triggerConstantContract(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'balanceOf(address)',
      {},
      [{ type: 'address', value: address }],
      address,
    );
    return BigInt(`0x${res.constant_result![0]}`);
  };

  it('makes one development wallet, prints its settings and funds its hot wallet', async () => {
    const env = await run('env');
    expect(env.code).toBe(0);
    expect(env.out).toMatch(/^export TRON_DEPOSIT_XPUB='xpub[1-9A-Za-z]+'$/m);
    expect(env.out).toMatch(/^export TRON_HOT_WALLET_PRIVATE_KEY='[0-9a-f]{64}'$/m);
    expect((await run('env')).out).toBe(env.out); // the same wallet next time
    const prepared = await run('prepare');
    expect(prepared.code).toBe(0);
    const hot = /hot wallet (T\w+) funded/.exec(prepared.out)![1];
    await tron.control('blocks');
    expect(await usdtOf(hot)).toBe(100_000_000_000n);
  });

  it("pays a member's deposit address by phone; refuses an unknown phone and a bad amount", async () => {
    const m = await register(t);
    const sent = await run('deposit', m.phone, '12.5');
    expect(sent.code).toBe(0);
    const address = deriveTronAddress(TEST_WALLET.depositXpub, m.id);
    expect(sent.out).toContain(`sent 12.5 USDT to member ${m.id} (${address})`);
    await tron.control('blocks');
    expect(await usdtOf(address)).toBe(12_500_000n);

    const unknown = await run('deposit', '+998000000000', '1');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('no member with the phone +998000000000');
    const bad = await run('deposit', m.phone, '1.1234567');
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('not a USDT amount');
  });
});
