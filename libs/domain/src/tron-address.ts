import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58check } from '@scure/base';
import { HDKey } from '@scure/bip32';

/**
 * TRON addresses: 0x41 followed by the last 20 bytes of keccak256 of the
 * uncompressed public key (without its 0x04 prefix), written in base58check
 * (double SHA-256 checksum). Pure JavaScript, no Node built-ins, so the API
 * and the browser can both use it.
 */
const TRON_PREFIX = 0x41;
const b58c = base58check(sha256);

/** Base58check address from a secp256k1 public key (33 or 65 bytes). */
export function tronAddressFromPublicKey(publicKey: Uint8Array): string {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  const hash = keccak_256(uncompressed.subarray(1));
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  bytes.set(hash.subarray(12), 1);
  return b58c.encode(bytes);
}

/**
 * Deposit address of member `index`: child 0/index under the account-level
 * extended public key (BIP44 m/44'/195'/0', the TRON_DEPOSIT_XPUB setting).
 * Only public derivation, so the server never needs the private keys.
 */
export function deriveTronAddress(xpub: string, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000) {
    throw new RangeError(`deposit index must be an integer in [0, 2^31): ${index}`);
  }
  const account = HDKey.fromExtendedKey(xpub);
  if (account.privateKey) {
    throw new Error('expected an extended public key (xpub), not a private one');
  }
  const child = account.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new Error('derivation gave no public key');
  return tronAddressFromPublicKey(child.publicKey);
}

/** True for a base58check TRON mainnet address (T..., 0x41 prefix, valid checksum). */
export function isTronAddress(value: string): boolean {
  if (typeof value !== 'string' || value.length !== 34) return false;
  try {
    const bytes = b58c.decode(value);
    return bytes.length === 21 && bytes[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}

/**
 * Base58check address from the hex a node prints: 21 bytes with the 0x41
 * prefix, or the bare 20 bytes (event logs and topics omit the prefix).
 * Returns null for anything else.
 */
export function tronAddressFromHex(hex: string): string | null {
  const clean = hex.toLowerCase().replace(/^0x/, '');
  const body =
    clean.length === 40
      ? clean
      : clean.length === 42 && clean.startsWith('41')
        ? clean.slice(2)
        : null;
  if (!body || !/^[0-9a-f]{40}$/.test(body)) return null;
  const bytes = new Uint8Array(21);
  bytes[0] = TRON_PREFIX;
  for (let i = 0; i < 20; i++) bytes[i + 1] = parseInt(body.slice(i * 2, i * 2 + 2), 16);
  return b58c.encode(bytes);
}

/** The 21-byte hex (41…) of a base58check address; null when it is not one. */
export function tronAddressToHex(address: string): string | null {
  if (!isTronAddress(address)) return null;
  return Array.from(b58c.decode(address), (b) => b.toString(16).padStart(2, '0')).join('');
}
