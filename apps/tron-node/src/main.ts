import { hexToBase58 } from './codec';
import { loadOptions } from './config';
import { TronNode } from './server';

/** `pnpm --filter @app/tron-node start`: the local TRON node stub. */
async function main(): Promise<void> {
  const node = new TronNode(loadOptions());
  const url = await node.listen();
  const o = node.options;
  const c = node.chain;
  console.log(`tron-node: listening on ${url}`);
  console.log(
    `tron-node: USDT ${hexToBase58(o.usdtContract)}, fake USDT ${hexToBase58(o.fakeUsdtContract)}, router ${hexToBase58(o.routerContract)}`,
  );
  console.log(`tron-node: faucet ${hexToBase58(c.faucet)} (key ${o.faucetKey})`);
  console.log(
    `tron-node: head ${c.head().number}, solidified lag ${c.lag}, ` +
      (o.blockIntervalMs
        ? `a block every ${o.blockIntervalMs} ms`
        : 'blocks only on /_stub/blocks'),
  );
  const stop = () => void node.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(`tron-node: ${(e as Error).message}`);
  process.exit(1);
});
