#!/usr/bin/env node
// pnpm verify:proof <proof.json> [--latest <latest.json>] [--member <id>]
//                   [--statement <statement.json>] [--withdrawals <balance.json>] [--lang en|ru|uz]
//
// Checks a member's proof of liabilities (GET /users/me/proof, downloaded from
// Mine → Proof of funds) with nothing but Node's own SHA-256: no server, no
// project code, so anyone can read these lines and trust the answer. The
// formats are spec/contract sections 9 and 11's:
//   leaf    = sha256("leaf|" + leaf_id + "|" + amount_micro + "|" + salt), sum amount_micro
//   parent  = sha256("node|" + left_hash + "|" + left_sum + "|" + right_hash + "|" + right_sum),
//             sum left_sum + right_sum
//   leaf_id = sha256("owner|" + member_id + "|" + salt) for each of the member's parts
// Every part must lead to root_hash with total_micro, the parts must be
// distinct leaves adding up to balance_micro (= e_wallet_micro plus the
// pending withdrawals listed), and every leaf must name the member (--member,
// else the file's member_id).
// With --latest (GET /proofs/latest, saved), the root must be the one the
// club published. With --statement (GET /users/me/statement?account=money,
// saved, or the records file the proof page downloads), the E-Wallet must be
// the statement's balance at the snapshot's time; with --withdrawals (GET
// /balance?add=false, saved; or in the records file), the pending
// withdrawals must be the member's own, requested by then, and every one
// still under review must be listed. A mismatch names the figure that differs.
// Exit 0 when the proof holds, 1 when it does not, 2 on bad usage or input.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const HASH = /^[0-9a-f]{64}$/;
const MICRO = /^(0|[1-9][0-9]*)$/;

const WORDS = {
  en: {
    ok: (m, b, t) =>
      `OK: member ${m}'s liability of ${b} USDT is included in the total of ${t} USDT`,
    owner: (n) => `FAIL: ${n} of the leaves do not name you: this is another member's proof`,
    e_wallet: (p, s) =>
      `FAIL: the E-Wallet differs: the proof says ${p} USDT, your statement ${s} USDT`,
    pending: (p, s) =>
      `FAIL: the withdrawals pending differ: the proof says ${p} USDT, your records ${s} USDT`,
    balance: (p, s) =>
      `FAIL: the balance differs: the proof says ${p} USDT, your records ${s} USDT`,
    published: (at, r, b) => `published ${at}: reserves on chain ${r} USDT at block ${b}`,
    unbound: (m) =>
      `owner: member ${m}, as the file says (pass --member <your id> to check that it is you)`,
  },
  ru: {
    ok: (m, b, t) => `OK: обязательство участника ${m} в ${b} USDT входит в итог ${t} USDT`,
    owner: (n) => `ОШИБКА: ${n} листьев не ваши: это доказательство другого участника`,
    e_wallet: (p, s) =>
      `ОШИБКА: E-Wallet не совпадает: в доказательстве ${p} USDT, в вашей выписке ${s} USDT`,
    pending: (p, s) =>
      `ОШИБКА: выводы в ожидании не совпадают: в доказательстве ${p} USDT, в ваших записях ${s} USDT`,
    balance: (p, s) =>
      `ОШИБКА: баланс не совпадает: в доказательстве ${p} USDT, в ваших записях ${s} USDT`,
    published: (at, r, b) => `опубликовано ${at}: резервы в сети ${r} USDT на блоке ${b}`,
    unbound: (m) =>
      `владелец: участник ${m}, как указано в файле (добавьте --member <ваш id>, чтобы проверить, что это вы)`,
  },
  uz: {
    ok: (m, b, t) => `OK: ${m}-a'zoning ${b} USDT majburiyati ${t} USDT jamiga kiritilgan`,
    owner: (n) => `XATO: ${n} ta barg sizniki emas: bu boshqa a'zoning isboti`,
    e_wallet: (p, s) => `XATO: E-Wallet mos emas: isbotda ${p} USDT, ko'chirmangizda ${s} USDT`,
    pending: (p, s) =>
      `XATO: kutilayotgan yechib olishlar mos emas: isbotda ${p} USDT, yozuvlaringizda ${s} USDT`,
    balance: (p, s) => `XATO: balans mos emas: isbotda ${p} USDT, yozuvlaringizda ${s} USDT`,
    published: (at, r, b) => `${at} da e'lon qilingan: tarmoqdagi zaxiralar ${r} USDT, blok ${b}`,
    unbound: (m) =>
      `egasi: ${m}-a'zo, faylda aytilganidek (siz ekaningizni tekshirish uchun --member <id> qo'shing)`,
  },
};

function usage(message) {
  console.error(`verify:proof: ${message}`);
  console.error(
    'usage: pnpm verify:proof <proof.json> [--latest <latest.json>] [--member <id>] [--statement <statement.json>] [--withdrawals <balance.json>] [--lang en|ru|uz]',
  );
  process.exit(2);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return usage(`cannot read ${file}: ${error.message}`);
  }
}

/** One part's root, sum and position (its path's sides, top down), or the reason it cannot be. */
function partToRoot(leaf, total, at) {
  if (!HASH.test(String(leaf?.leaf_id)))
    return { error: `${at}.leaf_id is not 64 lowercase hex digits` };
  if (!MICRO.test(String(leaf.amount_micro)))
    return { error: `${at}.amount_micro is not a decimal integer` };
  if (!HASH.test(String(leaf.salt)))
    return { error: `${at}.salt is not 32 bytes of lowercase hex` };
  if (!Array.isArray(leaf.path) || leaf.path.length > 64)
    return { error: `${at}.path is not a list of steps` };
  let hash = sha256(`leaf|${leaf.leaf_id}|${leaf.amount_micro}|${leaf.salt}`);
  let sum = BigInt(leaf.amount_micro);
  let position = '';
  for (const [i, step] of leaf.path.entries()) {
    if (!HASH.test(String(step?.hash)) || !MICRO.test(String(step?.sum_micro))) {
      return { error: `${at}.path[${i}] is not {hash, sum_micro, side}` };
    }
    const sibling = BigInt(step.sum_micro);
    if (step.side === 'left') hash = sha256(`node|${step.hash}|${sibling}|${hash}|${sum}`);
    else if (step.side === 'right') hash = sha256(`node|${hash}|${sum}|${step.hash}|${sibling}`);
    else return { error: `${at}.path[${i}].side is neither left nor right` };
    sum += sibling;
    position = (step.side === 'left' ? '1' : '0') + position;
    if (sum > total) return { error: `${at}: the sums exceed the total at path[${i}]` };
  }
  return { hash, sum, position };
}

const usdt = (micro) => {
  const negative = micro < 0n;
  const s = (negative ? -micro : micro).toString().padStart(7, '0');
  return `${negative ? '-' : ''}${s.slice(0, -6)}.${s.slice(-6)}`;
};

/** A JSON amount in USDT (at most 6 decimals) as micro-USDT. */
const toMicro = (value) => {
  const [whole, fraction = ''] = Number(value).toFixed(6).split('.');
  const negative = whole.startsWith('-');
  const micro = BigInt(whole.replace('-', '')) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  return negative ? -micro : micro;
};

const args = process.argv.slice(2);
const option = (name) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const value = args.splice(at, 2)[1];
  if (value === undefined) usage(`${name} needs a value`);
  return value;
};
const latestFile = option('--latest');
const memberArg = option('--member');
const statementFile = option('--statement');
const withdrawalsFile = option('--withdrawals');
const lang = option('--lang') ?? 'en';
if (!WORDS[lang]) usage('--lang is en, ru or uz');
const say = WORDS[lang];
if (args.length !== 1) usage('one proof file expected');
if (memberArg !== undefined && !/^[1-9][0-9]*$/.test(memberArg)) usage('--member is a member id');

const proof = readJson(args[0]);
/** What does not hold: the translated lines name the figure, the others the broken form. */
const failures = [];
const broken = (text) => failures.push(`FAIL: ${text}`);
const structure = [];
if (!HASH.test(String(proof.root_hash))) structure.push('root_hash is not 64 lowercase hex digits');
if (!MICRO.test(String(proof.total_micro))) structure.push('total_micro is not a decimal integer');
if (!MICRO.test(String(proof.balance_micro)))
  structure.push('balance_micro is not a decimal integer');
if (!MICRO.test(String(proof.e_wallet_micro)))
  structure.push('e_wallet_micro is not a decimal integer');
if (!Array.isArray(proof.leaves) || proof.leaves.length === 0)
  structure.push('leaves is not a list of parts');
if (!Array.isArray(proof.pending_withdrawals)) structure.push('pending_withdrawals is not a list');
if (structure.length > 0) {
  for (const failure of structure) console.log(`FAIL: ${failure}`);
  process.exit(1);
}

const total = BigInt(proof.total_micro);
const balance = BigInt(proof.balance_micro);
const eWallet = BigInt(proof.e_wallet_micro);
const pending = proof.pending_withdrawals.reduce((s, w) => s + BigInt(w.amount_micro), 0n);
const positions = new Set();
let parts = 0n;
for (const [i, leaf] of proof.leaves.entries()) {
  const result = partToRoot(leaf, total, `leaves[${i}]`);
  if (result.error) {
    broken(result.error);
    continue;
  }
  if (result.hash !== proof.root_hash) broken(`leaves[${i}]: the path does not lead to root_hash`);
  if (result.sum !== total) broken(`leaves[${i}]: the sums do not add up to total_micro`);
  if (positions.has(result.position)) broken(`leaves[${i}] is another part's leaf again`);
  positions.add(result.position);
  parts += BigInt(leaf.amount_micro);
}
if (parts !== balance) broken('the parts do not add up to balance_micro');

// Bound to the member: every leaf names them.
const member = memberArg ?? String(proof.member_id);
const foreign = proof.leaves.filter(
  (leaf) => leaf.leaf_id !== sha256(`owner|${member}|${leaf.salt}`),
).length;
if (foreign > 0 || (memberArg !== undefined && String(proof.member_id) !== memberArg)) {
  failures.push(say.owner(foreign || proof.leaves.length));
}

// The member's own records at the snapshot's time.
const at = Date.parse(proof.created_at);
const records = statementFile ? readJson(statementFile) : undefined;
const withdrawals = withdrawalsFile ? readJson(withdrawalsFile) : records?.withdrawals;
const statement = records?.statement ?? records;
if (statement) {
  const items = Array.isArray(statement.items) ? statement.items : [];
  const before = items
    .filter((item) => item.account === 'money' && Date.parse(item.created_at) <= at)
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id)[0];
  const stated = before ? toMicro(before.balance_after) : 0n;
  if (stated !== eWallet) failures.push(say.e_wallet(usdt(eWallet), usdt(stated)));
}
let recordsPending = pending;
if (Array.isArray(withdrawals)) {
  const byId = new Map(withdrawals.filter((w) => !w.is_add).map((w) => [Number(w.id), w]));
  const listed = new Set(proof.pending_withdrawals.map((w) => Number(w.id)));
  recordsPending = 0n;
  let wrong = false;
  for (const w of proof.pending_withdrawals) {
    const record = byId.get(Number(w.id));
    if (
      record &&
      toMicro(record.amount) === BigInt(w.amount_micro) &&
      Date.parse(record.created_at) <= at
    ) {
      recordsPending += BigInt(w.amount_micro);
    } else wrong = true;
  }
  for (const record of byId.values()) {
    if (
      record.status === 'under_review' &&
      Date.parse(record.created_at) <= at &&
      !listed.has(Number(record.id))
    ) {
      recordsPending += toMicro(record.amount);
      wrong = true;
    }
  }
  if (wrong || recordsPending !== pending)
    failures.push(say.pending(usdt(pending), usdt(recordsPending)));
}
if (balance !== eWallet + pending)
  failures.push(say.balance(usdt(balance), usdt(eWallet + recordsPending)));

let latest;
if (latestFile) {
  latest = readJson(latestFile);
  if (latest.root_hash !== proof.root_hash) broken('root_hash is not the published one (--latest)');
  if (String(latest.total_micro) !== String(proof.total_micro))
    broken('total_micro is not the published one (--latest)');
}

if (failures.length > 0) {
  for (const failure of failures) console.log(failure);
  process.exit(1);
}
console.log(`${say.ok(member, usdt(balance), usdt(total))} (root ${proof.root_hash})`);
if (memberArg === undefined) console.log(say.unbound(member));
if (latest) console.log(say.published(latest.created_at, latest.reserves?.total, latest.block));
