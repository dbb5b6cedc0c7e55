import { createPrivateKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * AUDIT_SIGNING_KEY: an Ed25519 private key as PKCS#8, either PEM (what
 * `openssl genpkey -algorithm ed25519` prints) or the base64 of its DER (the
 * PEM's body on one line, easier in an environment variable). Throws with a
 * message naming what is wrong; never echoes the key.
 */
export function parseAuditSigningKey(text: string): KeyObject {
  const base64 = text
    .replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '')
    .replace(/\\n/g, '')
    .replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) {
    throw new Error('AUDIT_SIGNING_KEY must be a PKCS#8 Ed25519 key: PEM, or its DER in base64');
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: Buffer.from(base64, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('AUDIT_SIGNING_KEY is not a PKCS#8 private key (DER in base64, or PEM)');
  }
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new Error(`AUDIT_SIGNING_KEY is a ${key.asymmetricKeyType} key, not Ed25519`);
  }
  return key;
}

/** A new key in the form AUDIT_SIGNING_KEY takes (base64 of the PKCS#8 DER). */
export function newAuditSigningKey(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
}

/**
 * The development and test key, kept in `file` (var/audit-signing-key under
 * the repository, like var/dev-wallet.json) and made once: the first process
 * to need it writes it (readable by its owner only), every later one reads
 * it. Two processes starting at once agree, since the file appears whole or
 * not at all (written aside, then hard-linked into place, which fails when
 * another got there first).
 */
export function developmentAuditSigningKey(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  const aside = `${file}.${process.pid}.${Date.now()}`;
  writeFileSync(aside, `${newAuditSigningKey()}\n`, { mode: 0o600 });
  try {
    linkSync(aside, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(aside, { force: true });
  }
  return readFileSync(file, 'utf8').trim();
}
