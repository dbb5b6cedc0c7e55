import { deriveTronAddress } from '@app/domain';
import { TronWeb } from 'tronweb';
import { describe, expect, it } from 'vitest';
import { createDevWallet, HOT_WALLET_PATH } from '../src/dev-wallet';

describe('dev wallet and deposit address derivation', () => {
  it("deriveTronAddress(xpub, i) is tronweb's address for m/44'/195'/0'/0/i", () => {
    const wallet = createDevWallet();
    expect(wallet.mnemonic.split(' ')).toHaveLength(12);
    expect(wallet.depositXpub).toMatch(/^xpub/);
    for (const i of [0, 1, 2, 5, 19, 1000, 2 ** 31 - 1]) {
      const expected = TronWeb.fromMnemonic(wallet.mnemonic, `m/44'/195'/0'/0/${i}`).address;
      expect(deriveTronAddress(wallet.depositXpub, i)).toBe(expected);
    }
  });

  it('the hot wallet key is the one tronweb derives, on its own account', () => {
    const wallet = createDevWallet();
    const hot = TronWeb.fromMnemonic(wallet.mnemonic, HOT_WALLET_PATH);
    expect(wallet.hotWalletPrivateKey).toBe(hot.privateKey.replace(/^0x/, ''));
    expect(wallet.hotWalletAddress).toBe(hot.address);
    expect(TronWeb.address.fromPrivateKey(wallet.hotWalletPrivateKey)).toBe(hot.address);
    // Not one of the deposit addresses.
    const deposits = [0, 1, 2, 3].map((i) => deriveTronAddress(wallet.depositXpub, i));
    expect(deposits).not.toContain(wallet.hotWalletAddress);
  });

  it('a given mnemonic always gives the same wallet; a bad one is refused', () => {
    const m =
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
    expect(createDevWallet(m)).toEqual(createDevWallet(m));
    expect(deriveTronAddress(createDevWallet(m).depositXpub, 0)).toBe(
      'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
    );
    expect(() => createDevWallet('abandon abandon abandon')).toThrow('invalid BIP-39 mnemonic');
  });
});
