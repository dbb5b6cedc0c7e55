#!/usr/bin/env node
// pnpm verify:audit <audit.csv> [--head <head.json>] [--public-key <hex>]
//
// Checks the operators' audit trail offline, from the CSV of
// GET /admin/exports/audit.csv (without from/to: the whole chain), with
// nothing but Node's own SHA-256 and Ed25519: no server, no project code, so
// anyone can read these lines and trust the answer. The formats are those of
// apps/api/src/common/audit-signature.ts:
//   hash = sha256(prev_hash|chain_seq|id|actor_id|action|target_user_id|details|created_at)
//          (the CSV's columns as written; the first row's prev_hash is 64 zeros)
//   sig  = Ed25519 signature of "audit|<chain_seq>|<hash>", lowercase hex
// --head: what a proof of liabilities published (GET /proofs/latest saved
// whole, or its `audit_head` alone): its signature must be the key's, and the
// file must still hold that row, same seq, same hash (else the audit was
// cut or rewritten after it was published). --public-key (32 bytes, hex)
// pins the key; without it, the head's `public_key` is used.
// Exit 0 when the trail holds, 1 when it does not, 2 on bad usage or input.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';

const HASH = /^[0-9a-f]{64}$/;
const KEY = /^[0-9a-f]{64}$/;
const SIG = /^[0-9a-f]{128}$/;
const SEQ = /^[1-9][0-9]*$/;
const COLUMNS = [
  'id',
  'actor_id',
  'action',
  'target_user_id',
  'details',
  'created_at',
  'chain_seq',
  'prev_hash',
  'hash',
  'sig',
];

function usage(message) {
  console.error(`verify:audit: ${message}`);
  console.error('usage: pnpm verify:audit <audit.csv> [--head <head.json>] [--public-key <hex>]');
  process.exit(2);
}

function read(file) {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    return usage(`cannot read ${file}: ${error.message}`);
  }
}

/** RFC 4180 records: fields split by commas, quoted with "", lines ending CRLF or LF. */
function parseCsv(text) {
  const records = [];
  let record = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"' && (quoted || field === '')) quoted = !quoted;
    else if (quoted) field += c;
    else if (c === ',') endField();
    else if (c === '\n') endRecord();
    else if (c === '\r' && text[i + 1] === '\n') {
      endRecord();
      i++;
    } else field += c;
  }
  if (quoted) usage('the CSV ends inside a quoted field');
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

// The export writes a cell that a spreadsheet would run as a formula with a
// leading ' (csvField in apps/api/src/common/csv.ts); taken off again here.
const undefused = (value) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

function rowsOf(file) {
  const [header, ...records] = parseCsv(read(file));
  const missing = COLUMNS.filter((c) => !header?.includes(c));
  if (missing.length) usage(`${file} lacks the columns ${missing.join(', ')}`);
  return records
    .filter((r) => !(r.length === 1 && r[0] === ''))
    .map((record, i) => {
      if (record.length !== header.length) usage(`line ${i + 2} has ${record.length} fields`);
      const row = Object.fromEntries(header.map((name, j) => [name, undefused(record[j])]));
      if (!SEQ.test(row.chain_seq)) usage(`line ${i + 2}: chain_seq is not a whole number`);
      return row;
    })
    .sort((a, b) => (BigInt(a.chain_seq) < BigInt(b.chain_seq) ? -1 : 1));
}

function headOf(file) {
  let json;
  try {
    json = JSON.parse(read(file));
  } catch (error) {
    return usage(`${file} is not JSON: ${error.message}`);
  }
  const head = json && 'audit_head' in json ? json.audit_head : json;
  if (!head) usage(`${file} publishes no audit head (audit_head is null)`);
  if (!Number.isSafeInteger(head.seq) || head.seq < 1 || !HASH.test(String(head.hash)))
    usage(`${file}: the head needs seq (a whole number) and hash (64 lowercase hex digits)`);
  if (!SIG.test(String(head.sig))) usage(`${file}: the head's sig is not 64 bytes of hex`);
  return head;
}

const publicKey = (hex) =>
  createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(hex, 'hex').toString('base64url') },
    format: 'jwk',
  });
const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const signed = (key, seq, hash, sig) =>
  SIG.test(sig) &&
  verify(null, Buffer.from(`audit|${seq}|${hash}`, 'utf8'), key, Buffer.from(sig, 'hex'));
const hashedText = (r) =>
  [
    r.prev_hash,
    r.chain_seq,
    r.id,
    r.actor_id,
    r.action,
    r.target_user_id,
    r.details,
    r.created_at,
  ].join('|');

const REASONS = {
  missing: 'rows are missing before it',
  duplicate: 'the file holds this seq twice',
  relinked: "it does not point at the previous row's hash",
  edited: 'it is not what was hashed (edited)',
  unsigned: 'it has no signature',
  bad_signature: "its signature is not the key's over its seq and hash (forged or re-chained)",
};

/** The first break of the rows' chain, or null: { at, reason }. */
function firstBreak(rows, key) {
  let expected = BigInt(rows[0].chain_seq);
  let prev = rows[0].prev_hash;
  for (const row of rows) {
    const seq = BigInt(row.chain_seq);
    if (seq !== expected) return { at: expected, reason: seq < expected ? 'duplicate' : 'missing' };
    if (row.prev_hash !== prev) return { at: seq, reason: 'relinked' };
    if (!HASH.test(row.hash) || sha256(hashedText(row)) !== row.hash)
      return { at: seq, reason: 'edited' };
    if (row.sig === '') return { at: seq, reason: 'unsigned' };
    if (!signed(key, row.chain_seq, row.hash, row.sig)) return { at: seq, reason: 'bad_signature' };
    prev = row.hash;
    expected = seq + 1n;
  }
  return null;
}

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  if (!value) usage(`${name} needs a value`);
  return value;
};
const headFile = option('--head');
const keyOption = option('--public-key');
if (args.length !== 1) usage('one CSV file expected');

const head = headFile ? headOf(headFile) : null;
const keyHex = keyOption ?? head?.public_key;
if (!keyHex) usage('no public key: give --public-key, or a --head that names its public_key');
if (!KEY.test(String(keyHex))) usage('the public key is not 32 bytes of lowercase hex');
if (keyOption && head?.public_key && head.public_key !== keyOption)
  usage("the head names another public key than --public-key: it is not this key's head");
const key = publicKey(keyHex);

const rows = rowsOf(args[0]);
const failures = [];
const notes = [];
if (head && !signed(key, head.seq, head.hash, head.sig))
  failures.push(`the head (seq ${head.seq}) is not signed by this key`);
if (rows.length === 0) {
  if (head) failures.push(`truncated: the file holds no row, the head published seq ${head.seq}`);
} else {
  const first = BigInt(rows[0].chain_seq);
  const last = BigInt(rows[rows.length - 1].chain_seq);
  if (first === 1n && rows[0].prev_hash !== '0'.repeat(64))
    failures.push('broken at seq 1: relinked (the first row does not start from 64 zeros)');
  if (first !== 1n)
    notes.push(`the file starts at seq ${first}: its link to the rows before is not checked`);
  const broken = firstBreak(rows, key);
  if (broken)
    failures.push(`broken at seq ${broken.at}: ${broken.reason}, ${REASONS[broken.reason]}`);
  if (head) {
    const seq = BigInt(head.seq);
    const held = rows.find((r) => BigInt(r.chain_seq) === seq);
    if (seq > last)
      failures.push(
        `truncated: the file ends at seq ${last}, before the published head (seq ${seq})`,
      );
    else if (seq < first) notes.push(`the published head (seq ${seq}) is before the file's rows`);
    else if (!held || held.hash !== head.hash)
      failures.push(
        `truncated: the file holds another row at the published head's seq ${seq} (cut and written again)`,
      );
  }
  if (!failures.length) {
    notes.unshift(
      `${rows.length} rows (seq ${first}..${last}): every link, hash and signature holds`,
    );
    if (head && BigInt(head.seq) >= first)
      notes.push(`the published head (seq ${head.seq}) is in the chain`);
  }
}

for (const note of notes) console.log(`verify:audit: ${note}`);
if (failures.length) {
  for (const failure of failures) console.log(`verify:audit: BROKEN: ${failure}`);
  process.exit(1);
}
console.log(`verify:audit: ok (public key ${keyHex})`);
