import { deriveTronAddress, tronAddressFromPublicKey } from '@app/domain';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { toHex } from './codec';

/**
 * A development wallet: one BIP-39 mnemonic giving
 * - the deposit account xpub, m/44'/195'/0' (TRON_DEPOSIT_XPUB); member i
 *   deposits to child 0/i, derived by @app/domain's deriveTronAddress;
 * - the withdrawal hot wallet, m/44'/195'/1'/0/0 (TRON_HOT_WALLET_PRIVATE_KEY),
 *   a different account, so the deposit xpub says nothing about it.
 * For development and tests only: production keys are made and kept offline.
 */

export const DEPOSIT_ACCOUNT_PATH = "m/44'/195'/0'";
export const HOT_WALLET_PATH = "m/44'/195'/1'/0/0";

export interface DevWallet {
  mnemonic: string;
  depositXpub: string;
  hotWalletPrivateKey: string;
  hotWalletAddress: string;
}

export function createDevWallet(mnemonic = generateMnemonic(wordlist, 128)): DevWallet {
  if (!validateMnemonic(mnemonic, wordlist)) throw new Error('invalid BIP-39 mnemonic');
  const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
  const hot = root.derive(HOT_WALLET_PATH);
  return {
    mnemonic,
    depositXpub: root.derive(DEPOSIT_ACCOUNT_PATH).publicExtendedKey,
    hotWalletPrivateKey: toHex(hot.privateKey!),
    hotWalletAddress: tronAddressFromPublicKey(hot.publicKey!),
  };
}

/** `pnpm --filter @app/tron-node dev-wallet [mnemonic words...]` */
function main(argv: string[]): void {
  const wallet = createDevWallet(argv.length ? argv.join(' ') : undefined);
  const lines = [
    '# Development wallet. Never use it for real funds.',
    `# mnemonic: ${wallet.mnemonic}`,
    `# hot wallet address (${HOT_WALLET_PATH}): ${wallet.hotWalletAddress}`,
    `# first deposit addresses (${DEPOSIT_ACCOUNT_PATH}/0/i):`,
    ...[0, 1, 2].map((i) => `#   ${i}: ${deriveTronAddress(wallet.depositXpub, i)}`),
    `TRON_DEPOSIT_XPUB=${wallet.depositXpub}`,
    `TRON_HOT_WALLET_PRIVATE_KEY=${wallet.hotWalletPrivateKey}`,
  ];
  console.log(lines.join('\n'));
}

if (require.main === module) main(process.argv.slice(2));
