import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58check } from '@scure/base';

/** Byte, hex, address, protobuf and ABI helpers shared by the chain and the HTTP layer. */

const b58c = base58check(sha256);

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

export function fromHex(hex: string): Uint8Array {
  const clean = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex;
  if (clean.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(clean)) {
    throw new Error(`invalid hex string: ${hex}`);
  }
  return new Uint8Array(Buffer.from(clean, 'hex'));
}

export function sha256Hex(bytes: Uint8Array): string {
  return toHex(sha256(bytes));
}

export function keccakHex(text: string): string {
  return toHex(keccak_256(new TextEncoder().encode(text)));
}

// ---------------------------------------------------------------------------
// Addresses. Inside the stub an address is always the 21-byte form as
// lowercase hex with the 41 prefix ("41a614..."), as java-tron prints it.

export type HexAddress = string;

export function base58ToHex(address: string): HexAddress {
  const bytes = b58c.decode(address);
  if (bytes.length !== 21 || bytes[0] !== 0x41) throw new Error(`not a TRON address: ${address}`);
  return toHex(bytes);
}

export function hexToBase58(address: HexAddress): string {
  return b58c.encode(fromHex(address));
}

/** Accepts base58 (T...), 41-prefixed hex or 0x-prefixed 20-byte hex; returns 41-hex. */
export function parseAddress(value: unknown): HexAddress {
  if (typeof value !== 'string' || value.length === 0) throw new Error('address is required');
  if (value.startsWith('T')) return base58ToHex(value);
  let hex = value.toLowerCase();
  if (hex.startsWith('0x')) hex = '41' + hex.slice(2);
  if (!/^41[0-9a-f]{40}$/.test(hex)) throw new Error(`invalid address: ${value}`);
  return hex;
}

export function isHexAddress(value: unknown): value is HexAddress {
  return typeof value === 'string' && /^41[0-9a-f]{40}$/.test(value);
}

export function addressFromPublicKey(publicKey: Uint8Array): HexAddress {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return '41' + toHex(keccak_256(uncompressed.subarray(1)).subarray(12));
}

export function addressFromPrivateKey(privateKey: string): HexAddress {
  return addressFromPublicKey(secp256k1.getPublicKey(fromHex(privateKey), false));
}

/** 65-byte r || s || v signature (v = 27 + recovery), as TRON clients write it. */
export function signDigest(digest: Uint8Array, privateKey: string): string {
  // The digest is the transaction id, already hashed: noble 2 hashes again unless told not to.
  const recovered = secp256k1.sign(digest, fromHex(privateKey), {
    prehash: false,
    format: 'recovered',
  });
  // noble's recovered form is v || r || s; TRON's is r || s || (27 + v).
  return toHex(recovered.subarray(1)) + (27 + recovered[0]).toString(16).padStart(2, '0');
}

/** The address that signed `digest`, or null when the signature does not parse. */
export function recoverSigner(digest: Uint8Array, signatureHex: string): HexAddress | null {
  try {
    const bytes = fromHex(signatureHex);
    if (bytes.length !== 65) return null;
    let v = bytes[64];
    if (v >= 27) v -= 27;
    if (v > 3) return null;
    const sig = secp256k1.Signature.fromBytes(bytes.subarray(0, 64), 'compact').addRecoveryBit(v);
    return addressFromPublicKey(sig.recoverPublicKey(digest).toBytes(false));
  } catch {
    return null;
  }
}

/** A private key derived from a label, for the stub's own accounts. */
export function labelKey(label: string): string {
  return sha256Hex(new TextEncoder().encode(label));
}

/** A contract-looking address derived from a label. */
export function labelAddress(label: string): HexAddress {
  return '41' + keccakHex(label).slice(24);
}

// ---------------------------------------------------------------------------
// Protobuf writer: enough of the wire format for Transaction.raw and the two
// contract types the stub accepts. Like protoc-generated proto3 code, fields go
// in field-number order and default values (0, empty) are left out; tronweb
// re-encodes raw_data the same way and compares it with raw_data_hex.

export class ProtoWriter {
  private chunks: number[] = [];

  private varint(value: bigint): void {
    let v = value < 0n ? value + (1n << 64n) : value;
    while (v >= 0x80n) {
      this.chunks.push(Number((v & 0x7fn) | 0x80n));
      v >>= 7n;
    }
    this.chunks.push(Number(v));
  }

  private key(field: number, wireType: number): void {
    this.varint(BigInt((field << 3) | wireType));
  }

  int(field: number, value: bigint | number | undefined): this {
    if (value === undefined) return this;
    const v = BigInt(value);
    if (v === 0n) return this;
    this.key(field, 0);
    this.varint(v);
    return this;
  }

  bytes(field: number, value: Uint8Array | undefined): this {
    if (!value || value.length === 0) return this;
    this.key(field, 2);
    this.varint(BigInt(value.length));
    for (const b of value) this.chunks.push(b);
    return this;
  }

  string(field: number, value: string | undefined): this {
    return this.bytes(field, value ? new TextEncoder().encode(value) : undefined);
  }

  /** An embedded message is always written, even when empty. */
  message(field: number, value: Uint8Array): this {
    this.key(field, 2);
    this.varint(BigInt(value.length));
    for (const b of value) this.chunks.push(b);
    return this;
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.chunks);
  }
}

// ---------------------------------------------------------------------------
// ABI (only static types: address, uint256, bool) and the TRC-20 selectors.

export const SELECTORS = {
  transfer: 'a9059cbb', // transfer(address,uint256)
  transferFrom: '23b872dd', // transferFrom(address,address,uint256)
  balanceOf: '70a08231', // balanceOf(address)
  decimals: '313ce567', // decimals()
  symbol: '95d89b41', // symbol()
  name: '06fdde03', // name()
  totalSupply: '18160ddd', // totalSupply()
  batchTransfer: '88d695b2', // batchTransfer(address[],uint256[])
  isBlackListed: 'e47d6060', // isBlackListed(address): Tether's public mapping
  getBlackListStatus: '59bf1abe', // getBlackListStatus(address)
} as const;

/** keccak256("Transfer(address,address,uint256)") */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

export function selectorOf(signature: string): string {
  return keccakHex(signature).slice(0, 8);
}

export function wordUint(value: bigint): string {
  if (value < 0n) throw new Error('negative uint');
  return value.toString(16).padStart(64, '0');
}

/** An address as an ABI word: the 20 bytes without the 41 prefix, left-padded. */
export function wordAddress(address: HexAddress): string {
  return address.slice(2).padStart(64, '0');
}

export function wordBool(value: boolean): string {
  return wordUint(value ? 1n : 0n);
}

export function abiString(text: string): string {
  const hex = Buffer.from(text, 'utf8').toString('hex');
  const padded = hex.padEnd(Math.ceil(hex.length / 64) * 64, '0');
  return wordUint(32n) + wordUint(BigInt(hex.length / 2)) + padded;
}

/** Error(string) revert data, as Solidity's require(cond, "reason") returns it. */
export function revertData(reason: string): string {
  return '08c379a0' + abiString(reason);
}

export function readWord(argsHex: string, index: number): string {
  const word = argsHex.slice(index * 64, index * 64 + 64);
  if (word.length !== 64) throw new Error('short call data');
  return word;
}

export function readAddress(argsHex: string, index: number): HexAddress {
  return '41' + readWord(argsHex, index).slice(24);
}

export function readUint(argsHex: string, index: number): bigint {
  return BigInt('0x' + readWord(argsHex, index));
}

/** Parses an integer amount given as a JSON number or a decimal string. */
export function parseAmount(value: unknown, what = 'amount'): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'string' && /^\d+$/.test(value)) return BigInt(value);
  throw new Error(`${what} must be a non-negative integer (number or decimal string)`);
}
