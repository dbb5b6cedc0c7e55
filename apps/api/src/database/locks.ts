import { EntityManager } from 'typeorm';
import { preparedQuery } from './prepared';

/**
 * Serialises one member's money-changing requests (watches, purchases) for the
 * rest of the transaction. NO KEY UPDATE still lets other transactions insert
 * rows that reference the member (its ledger accounts), so it cannot deadlock
 * with their foreign-key checks. Run it as its own statement before reading
 * what it protects: in READ COMMITTED the following statements then see every
 * change committed by the lock's previous holder.
 */
export async function lockMember(manager: EntityManager, userId: number): Promise<void> {
  await preparedQuery(
    manager,
    'lock-member',
    `SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE`,
    [userId],
  );
}
