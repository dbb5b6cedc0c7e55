#!/usr/bin/env node
// pnpm verify:proof <proof.json> [--latest <latest.json>]
//
// Checks a member's proof of liabilities (GET /users/me/proof, downloaded from
// Mine → Proof of funds) with nothing but Node's own SHA-256: no server, no
// project code, so anyone can read these lines and trust the answer. The
// formats are spec/contract section 9's:
//   leaf   = sha256("leaf|" + member_id + "|" + balance_micro + "|" + salt), sum balance_micro
//   parent = sha256("node|" + left_hash + "|" + left_sum + "|" + right_hash + "|" + right_sum),
//            sum left_sum + right_sum
// With --latest (GET /proofs/latest, saved), it also checks that the root is
// the one the club published, and prints the reserves beside the total.
// Exit 0 when the proof holds, 1 when it does not, 2 on bad usage or input.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const sha256 = (text) => createHash('sha256').update(text, 'utf8').digest('hex');
const HASH = /^[0-9a-f]{64}$/;
const MICRO = /^(0|[1-9][0-9]*)$/;

function usage(message) {
  console.error(`verify:proof: ${message}`);
  console.error('usage: pnpm verify:proof <proof.json> [--latest <latest.json>]');
  process.exit(2);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return usage(`cannot read ${file}: ${error.message}`);
  }
}

/** The root recomputed from the leaf and path, or the reason it cannot be. */
function recompute(proof) {
  const { leaf, path } = proof ?? {};
  if (!leaf || !Number.isSafeInteger(leaf.member_id) || leaf.member_id < 0)
    return { error: 'leaf.member_id is not a whole number' };
  if (!MICRO.test(String(leaf.balance_micro)))
    return { error: 'leaf.balance_micro is not a decimal integer' };
  if (!HASH.test(String(leaf.salt))) return { error: 'leaf.salt is not 32 bytes of lowercase hex' };
  if (!Array.isArray(path) || path.length > 64) return { error: 'path is not a list of steps' };
  let hash = sha256(`leaf|${leaf.member_id}|${leaf.balance_micro}|${leaf.salt}`);
  let sum = BigInt(leaf.balance_micro);
  for (const [i, step] of path.entries()) {
    if (!HASH.test(String(step?.hash)) || !MICRO.test(String(step?.sum_micro))) {
      return { error: `path[${i}] is not {hash, sum_micro, side}` };
    }
    const sibling = BigInt(step.sum_micro);
    if (step.side === 'left') hash = sha256(`node|${step.hash}|${sibling}|${hash}|${sum}`);
    else if (step.side === 'right') hash = sha256(`node|${hash}|${sum}|${step.hash}|${sibling}`);
    else return { error: `path[${i}].side is neither left nor right` };
    sum += sibling;
  }
  return { hash, sum };
}

const usdt = (micro) => {
  const s = BigInt(micro).toString().padStart(7, '0');
  return `${s.slice(0, -6)}.${s.slice(-6)}`;
};

const args = process.argv.slice(2);
const latestAt = args.indexOf('--latest');
const latestFile = latestAt >= 0 ? args.splice(latestAt, 2)[1] : undefined;
if (latestAt >= 0 && !latestFile) usage('--latest needs a file');
if (args.length !== 1) usage('one proof file expected');

const proof = readJson(args[0]);
const result = recompute(proof);
const failures = [];
if (result.error) failures.push(result.error);
else {
  if (!HASH.test(String(proof.root_hash)))
    failures.push('root_hash is not 64 lowercase hex digits');
  else if (result.hash !== proof.root_hash) failures.push('the path does not lead to root_hash');
  if (!MICRO.test(String(proof.total_micro))) failures.push('total_micro is not a decimal integer');
  else if (result.sum !== BigInt(proof.total_micro))
    failures.push('the sums do not add up to total_micro');
}
let latest;
if (latestFile) {
  latest = readJson(latestFile);
  if (latest.root_hash !== proof.root_hash)
    failures.push('root_hash is not the published one (--latest)');
  if (String(latest.total_micro) !== String(proof.total_micro))
    failures.push('total_micro is not the published one (--latest)');
}

if (failures.length > 0) {
  for (const failure of failures) console.log(`FAIL: ${failure}`);
  process.exit(1);
}
console.log(
  `OK: member ${proof.leaf.member_id}'s balance of ${usdt(proof.leaf.balance_micro)} USDT is included in the total of ${usdt(proof.total_micro)} USDT (root ${proof.root_hash})`,
);
if (latest) {
  console.log(
    `published ${latest.created_at}: reserves on chain ${latest.reserves?.total} USDT at block ${latest.block}`,
  );
}
