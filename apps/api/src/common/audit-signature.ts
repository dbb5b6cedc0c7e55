import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { parseAuditSigningKey } from '../config/audit-signing-key';

/** The first row's prev_hash. */
export const AUDIT_GENESIS = '0'.repeat(64);

/**
 * One audit row's columns as they are hashed: numbers as decimal text,
 * `details` as the database stores it (`details::text`, jsonb's own
 * spelling), `created_at` in UTC to the microsecond
 * (`2026-11-21T08:00:00.123456Z`), `target_user_id` empty when none.
 */
export interface AuditRowFields {
  prev_hash: string;
  chain_seq: string;
  id: string;
  actor_id: string;
  action: string;
  target_user_id: string;
  details: string;
  created_at: string;
}

/**
 * The text a row's hash is the SHA-256 of: its fields joined by '|' in this
 * order, as the database's `audit_row_hash` (migration 1766110000000) has
 * linked every row since the chain began. Recomputed here, in the
 * application, so a replaced SQL function cannot vouch for an edited row.
 */
export function auditHashedText(row: AuditRowFields): string {
  return [
    row.prev_hash,
    row.chain_seq,
    row.id,
    row.actor_id,
    row.action,
    row.target_user_id,
    row.details,
    row.created_at,
  ].join('|');
}

export function auditRowHash(row: AuditRowFields): string {
  return createHash('sha256').update(auditHashedText(row), 'utf8').digest('hex');
}

/**
 * What a row's signature signs: its place in the chain and its hash (which
 * covers the previous hash, so no row can be moved, edited or re-chained
 * without the key). The same text for a published head, which is its last
 * row's (seq, hash, sig).
 */
export function auditSignedText(seq: string | number, hash: string): string {
  return `audit|${seq}|${hash}`;
}

/** The private key and the public key anyone verifies with (32 bytes, lowercase hex). */
export interface AuditKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicKeyHex: string;
}

export function auditKeys(keyText: string): AuditKeys {
  const privateKey = parseAuditSigningKey(keyText);
  const publicKey = createPublicKey(privateKey);
  const jwk = publicKey.export({ format: 'jwk' });
  return {
    privateKey,
    publicKey,
    publicKeyHex: Buffer.from(jwk.x!, 'base64url').toString('hex'),
  };
}

/** The public key from its 32 bytes in hex (as published beside the audit head). */
export function auditPublicKey(hex: string): KeyObject {
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(hex, 'hex').toString('base64url') },
    format: 'jwk',
  });
}

/** The row's Ed25519 signature, 64 bytes in lowercase hex. */
export function signAuditRow(keys: AuditKeys, seq: string | number, hash: string): string {
  return sign(null, Buffer.from(auditSignedText(seq, hash), 'utf8'), keys.privateKey).toString(
    'hex',
  );
}

export function auditSignatureHolds(
  publicKey: KeyObject,
  seq: string | number,
  hash: string,
  sig: string | null,
): boolean {
  if (!sig || !/^[0-9a-f]{128}$/.test(sig)) return false;
  return verify(
    null,
    Buffer.from(auditSignedText(seq, hash), 'utf8'),
    publicKey,
    Buffer.from(sig, 'hex'),
  );
}
