import { describe, expect, it } from 'vitest';
import {
  deriveTronAddress,
  isTronAddress,
  tronAddressFromHex,
  tronAddressToHex,
} from './tron-address';

// Account xpub (m/44'/195'/0') of the BIP-39 test mnemonic "abandon ... about";
// the addresses are what TRON wallets show for m/44'/195'/0'/0/i.
const XPUB =
  'xpub6D1AabNHCupeiLM65ZR9UStMhJ1vCpyV4XbZdyhMZBiJXALQtmn9p42VTQckoHVn8WNqS7dqnJokZHAHcHGoaQgmv8D45oNUKx6DZMNZBCd';

describe('deriveTronAddress', () => {
  it('gives child 0/i of the account xpub', () => {
    expect(deriveTronAddress(XPUB, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(deriveTronAddress(XPUB, 7)).toBe('TFj86XAQYBPvwUknt9yxmbc4k3zwUC7iVW');
  });

  it('gives different addresses for different members', () => {
    const seen = new Set([0, 1, 2, 3, 4].map((i) => deriveTronAddress(XPUB, i)));
    expect(seen.size).toBe(5);
  });

  it('refuses bad indexes and non-xpub keys', () => {
    expect(() => deriveTronAddress(XPUB, -1)).toThrow(RangeError);
    expect(() => deriveTronAddress(XPUB, 1.5)).toThrow(RangeError);
    expect(() => deriveTronAddress(XPUB, 2 ** 31)).toThrow(RangeError);
    expect(() => deriveTronAddress('xpub-not-a-key', 0)).toThrow();
  });
});

describe('isTronAddress', () => {
  it('accepts valid base58check mainnet addresses', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    expect(isTronAddress('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH')).toBe(true);
  });

  it('rejects a broken checksum, other lengths and other alphabets', () => {
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toBe(false);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6')).toBe(false);
    expect(isTronAddress('0x41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(false);
    expect(isTronAddress('')).toBe(false);
    // A valid base58check string whose prefix is not 0x41 (a Bitcoin address).
    expect(isTronAddress('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toBe(false);
  });
});

describe('tronAddressFromHex / tronAddressToHex', () => {
  // The USDT contract, as nodes print it with and without the 41 prefix.
  const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const HEX = '41a614f803b6fd780986a42c78ec9c7f77e6ded13c';

  it('converts both ways, with or without the prefix', () => {
    expect(tronAddressToHex(USDT)).toBe(HEX);
    expect(tronAddressFromHex(HEX)).toBe(USDT);
    expect(tronAddressFromHex(HEX.slice(2))).toBe(USDT);
    expect(tronAddressFromHex('0x' + HEX.slice(2).toUpperCase())).toBe(USDT);
  });

  it('gives null for what is not an address', () => {
    expect(tronAddressFromHex('41zz')).toBeNull();
    expect(tronAddressFromHex('42' + HEX.slice(2))).toBeNull();
    expect(tronAddressToHex('not-an-address')).toBeNull();
  });
});
