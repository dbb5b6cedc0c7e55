import { Inject, Injectable } from '@nestjs/common';
import { REPORTS_DATABASE, ReportsDatabase } from '../../database/reports';
import { DataSource, EntityManager } from 'typeorm';

export interface CreditedLog {
  logIndex: number;
  amount: bigint;
}

/** A USDT log to a member that one node reported and no second node confirmed (issue 43). */
export interface HeldLog {
  txId: string;
  logIndex: number;
  userId: number;
  from: string;
  to: string;
  amount: bigint;
  blockNumber: number;
  blockTime: Date | null;
  reason: string;
}

export interface HeldDepositRow {
  id: string;
  tx_id: string;
  log_index: number;
  user_id: number;
  from_address: string;
  to_address: string;
  amount_micro: string;
  block_number: string;
  block_time: Date | null;
  reason: string;
  status: HeldStatus;
  checked_at: Date;
  created_at: Date;
  credited_at: Date | null;
  dismissed_by: number | null;
  dismissed_at: Date | null;
  note: string | null;
}

/** Held; credited once two nodes agreed; dismissed by an operator (never credited). */
export type HeldStatus = 'held' | 'credited' | 'dismissed';

export interface ForeignDepositRow {
  id: string;
  tx_id: string;
  log_index: number;
  user_id: number;
  asset: string;
  from_address: string | null;
  amount: string;
  block_number: string;
  created_at: Date;
}

export interface DepositGapRow {
  id: string;
  user_id: number;
  address: string;
  chain_in_micro: string;
  credited_micro: string;
  chain_out_micro: string;
  swept_micro: string;
  as_of_block: string;
  status: DepositGapStatus;
  found_at: Date;
  checked_at: Date;
  closed_at: Date | null;
  resolved_by: number | null;
  note: string | null;
}

/** What an operator accepted as settled for an address (micro-USDT; either may be negative). */
export interface AcceptedDifference {
  /** USDT that reached the address less what was credited from it. */
  inflow: bigint;
  /** USDT that left the address less what was recorded as swept. */
  outflow: bigint;
}

/** Open; closed by itself (the figures agree again); resolved by an operator with a note. */
export type DepositGapStatus = 'open' | 'closed' | 'resolved';

const GAP_COLUMNS = `id, user_id, address, chain_in_micro, credited_micro, chain_out_micro, swept_micro,
  as_of_block, status, found_at, checked_at, closed_at, resolved_by, note`;

/** The only door to deposit addresses, the chain cursor and credited chain logs. */
@Injectable()
export class DepositsRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(REPORTS_DATABASE) private readonly reports: ReportsDatabase,
  ) {}

  async addressOf(userId: number): Promise<string | null> {
    const rows: { address: string }[] = await this.dataSource.query(
      `SELECT address FROM deposit_addresses WHERE user_id = $1`,
      [userId],
    );
    return rows[0]?.address ?? null;
  }

  /** Records addresses (user id and its derived address); existing ones stay. */
  async addAddresses(entries: { userId: number; address: string }[]): Promise<void> {
    if (entries.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO deposit_addresses (user_id, address)
       SELECT * FROM unnest($1::int[], $2::varchar[]) ON CONFLICT (user_id) DO NOTHING`,
      [entries.map((e) => e.userId), entries.map((e) => e.address)],
    );
  }

  /** Which of these addresses are members' deposit addresses, and whose. */
  async owners(db: EntityManager | DataSource, addresses: string[]): Promise<Map<string, number>> {
    if (addresses.length === 0) return new Map();
    const rows: { address: string; user_id: number }[] = await db.query(
      `SELECT address, user_id FROM deposit_addresses WHERE address = ANY($1::varchar[])`,
      [addresses],
    );
    return new Map(rows.map((r) => [r.address, r.user_id]));
  }

  async cursor(name: string, db: EntityManager | DataSource = this.dataSource, lock = false) {
    const rows: { block_number: string }[] = await db.query(
      `SELECT block_number FROM chain_cursors WHERE name = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [name],
    );
    return rows[0] ? Number(rows[0].block_number) : null;
  }

  /** Starts a cursor unless one exists; returns the cursor as it stands. */
  async startCursor(name: string, blockNumber: number): Promise<number> {
    await this.dataSource.query(
      `INSERT INTO chain_cursors (name, block_number) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
      [name, blockNumber],
    );
    return (await this.cursor(name))!;
  }

  /** The scanner stood at the chain's safe head now (chain_cursors.caught_up_at). */
  async markCaughtUp(name: string): Promise<void> {
    await this.dataSource.query(`UPDATE chain_cursors SET caught_up_at = now() WHERE name = $1`, [
      name,
    ]);
  }

  /**
   * The cursor and the seconds since it last stood at the safe head, by the
   * database's clock (the reader ages it on its own from there); null before
   * the first scan.
   */
  async cursorState(name: string): Promise<{ block: number; caughtUpSecondsAgo: number } | null> {
    const rows: { block_number: string; behind: number }[] = await this.dataSource.query(
      `SELECT block_number, extract(epoch FROM clock_timestamp() - caught_up_at)::float8 AS behind
       FROM chain_cursors WHERE name = $1`,
      [name],
    );
    return rows[0]
      ? { block: Number(rows[0].block_number), caughtUpSecondsAgo: Math.max(0, rows[0].behind) }
      : null;
  }

  async moveCursor(db: EntityManager, name: string, blockNumber: number): Promise<void> {
    await db.query(
      `UPDATE chain_cursors SET block_number = $2, updated_at = now() WHERE name = $1`,
      [name, blockNumber],
    );
  }

  /**
   * Inserts credited logs; the ones already there (another path saw them
   * first) are skipped. Returns what is new. One statement for a whole block.
   */
  async insertLogs(
    db: EntityManager,
    source: 'scan' | 'claim',
    logs: {
      txId: string;
      logIndex: number;
      userId: number;
      from: string;
      amount: bigint;
      blockNumber: number;
      blockTime: Date | null;
    }[],
  ): Promise<{ txId: string; logIndex: number; userId: number; amount: bigint }[]> {
    if (logs.length === 0) return [];
    const rows: { tx_id: string; log_index: number; user_id: number; amount_micro: string }[] =
      await db.query(
        `INSERT INTO chain_deposits (tx_id, log_index, user_id, from_address, amount_micro, block_number, block_time, source)
         SELECT l.tx_id, l.log_index, l.user_id, l.from_address, l.amount, l.block_number, l.block_time, $1
         FROM unnest($2::char(64)[], $3::int[], $4::int[], $5::varchar[], $6::bigint[], $7::bigint[], $8::timestamptz[])
           AS l(tx_id, log_index, user_id, from_address, amount, block_number, block_time)
         ON CONFLICT (tx_id, log_index) DO NOTHING
         RETURNING tx_id, log_index, user_id, amount_micro`,
        [
          source,
          logs.map((l) => l.txId),
          logs.map((l) => l.logIndex),
          logs.map((l) => l.userId),
          logs.map((l) => l.from),
          logs.map((l) => l.amount.toString()),
          logs.map((l) => l.blockNumber),
          logs.map((l) => l.blockTime),
        ],
      );
    return rows.map((r) => ({
      txId: r.tx_id,
      logIndex: r.log_index,
      userId: r.user_id,
      amount: BigInt(r.amount_micro),
    }));
  }

  /** Links credited logs to the ledger transactions that paid them. */
  async linkLedger(
    db: EntityManager,
    links: { txId: string; logIndex: number; ledgerTransactionId: string }[],
  ): Promise<void> {
    if (links.length === 0) return;
    await db.query(
      `UPDATE chain_deposits d SET ledger_transaction_id = l.ledger_id
       FROM unnest($1::char(64)[], $2::int[], $3::bigint[]) AS l(tx_id, log_index, ledger_id)
       WHERE d.tx_id = l.tx_id AND d.log_index = l.log_index`,
      [
        links.map((l) => l.txId),
        links.map((l) => l.logIndex),
        links.map((l) => l.ledgerTransactionId),
      ],
    );
  }

  /** Whether any log of this transaction was credited, to anyone. */
  async isCredited(db: EntityManager | DataSource, txId: string): Promise<boolean> {
    const rows: unknown[] = await db.query(
      `SELECT 1 FROM chain_deposits WHERE tx_id = $1 LIMIT 1`,
      [txId],
    );
    return rows.length > 0;
  }

  async addForeign(
    db: EntityManager,
    rows: {
      txId: string;
      logIndex: number;
      userId: number;
      asset: string;
      from: string | null;
      amount: bigint;
      blockNumber: number;
    }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO foreign_deposits (tx_id, log_index, user_id, asset, from_address, amount, block_number)
       SELECT * FROM unnest($1::char(64)[], $2::int[], $3::int[], $4::varchar[], $5::varchar[], $6::numeric[], $7::bigint[])
       ON CONFLICT (tx_id, log_index) DO NOTHING`,
      [
        rows.map((r) => r.txId),
        rows.map((r) => r.logIndex),
        rows.map((r) => r.userId),
        rows.map((r) => r.asset),
        rows.map((r) => r.from),
        rows.map((r) => r.amount.toString()),
        rows.map((r) => r.blockNumber),
      ],
    );
  }

  /**
   * Holds logs no second node confirmed; a log held before keeps its row (its
   * reason and check time move on). Returns the ids held now for the first time.
   */
  async hold(db: EntityManager, logs: HeldLog[]): Promise<string[]> {
    if (logs.length === 0) return [];
    const rows: { id: string; fresh: boolean }[] = await db.query(
      `INSERT INTO held_deposits (tx_id, log_index, user_id, from_address, to_address, amount_micro, block_number, block_time, reason)
       SELECT * FROM unnest($1::char(64)[], $2::int[], $3::int[], $4::varchar[], $5::varchar[], $6::bigint[], $7::bigint[], $8::timestamptz[], $9::text[])
       ON CONFLICT (tx_id, log_index) DO UPDATE SET reason = EXCLUDED.reason, checked_at = now()
         WHERE held_deposits.status = 'held'
       RETURNING id, (xmax = 0) AS fresh`,
      [
        logs.map((l) => l.txId),
        logs.map((l) => l.logIndex),
        logs.map((l) => l.userId),
        logs.map((l) => l.from),
        logs.map((l) => l.to),
        logs.map((l) => l.amount.toString()),
        logs.map((l) => l.blockNumber),
        logs.map((l) => l.blockTime),
        logs.map((l) => l.reason),
      ],
    );
    return rows.filter((r) => r.fresh).map((r) => r.id);
  }

  /**
   * Held logs of these transactions become credited (two nodes agreed at
   * last); a dismissed one too (a member's claim confirmed by two nodes), its
   * dismissal kept beside the credit.
   */
  async releaseHeld(db: EntityManager, txIds: string[]): Promise<void> {
    if (txIds.length === 0) return;
    await db.query(
      `UPDATE held_deposits SET status = 'credited', credited_at = now()
       WHERE tx_id = ANY($1::char(64)[]) AND status IN ('held', 'dismissed')`,
      [txIds],
    );
  }

  /** Held logs looked at longest ago first (a page for the re-check). */
  heldDue(limit: number): Promise<HeldDepositRow[]> {
    return this.dataSource.query(
      `SELECT * FROM held_deposits WHERE status = 'held' ORDER BY checked_at, id LIMIT $1`,
      [limit],
    );
  }

  async touchHeld(txId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE held_deposits SET checked_at = now(), reason = $2 WHERE tx_id = $1 AND status = 'held'`,
      [txId, reason],
    );
  }

  listHeld(status: HeldStatus | undefined, limit: number, before?: number) {
    return this.dataSource.query(
      `SELECT * FROM held_deposits WHERE ($1::varchar IS NULL OR status = $1)
         AND ($2::bigint IS NULL OR id < $2) ORDER BY id DESC LIMIT $3`,
      [status ?? null, before ?? null, limit],
    ) as Promise<HeldDepositRow[]>;
  }

  /** The held log, locked for its operator's decision (null: no such row). */
  async lockHeld(db: EntityManager, id: number): Promise<HeldDepositRow | null> {
    const rows: HeldDepositRow[] = await db.query(
      `SELECT * FROM held_deposits WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  /**
   * Dismisses every held log of the transaction (the re-check asks about a
   * transaction, not a log); the rows dismissed, the given one first.
   */
  async dismissHeld(
    db: EntityManager,
    id: number,
    operatorId: number,
    note: string,
  ): Promise<HeldDepositRow[]> {
    const [rows]: [HeldDepositRow[], number] = await db.query(
      `UPDATE held_deposits SET status = 'dismissed', dismissed_by = $2, dismissed_at = now(), note = $3
       WHERE status = 'held' AND tx_id = (SELECT tx_id FROM held_deposits WHERE id = $1)
       RETURNING *`,
      [id, operatorId, note],
    );
    return rows.sort((a, b) => (Number(a.id) === id ? -1 : Number(b.id) === id ? 1 : 0));
  }

  async countHeld(): Promise<number> {
    const [row]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM held_deposits WHERE status = 'held'`,
    );
    return row.n;
  }

  /**
   * For each address, one address that sent a member a transfer (USDT, TRX or
   * another token) and looks like it: the same first and last four
   * characters, not equal (address poisoning; the *_from_ends indexes).
   */
  async lookalikes(addresses: string[]): Promise<Map<string, string>> {
    if (addresses.length === 0) return new Map();
    const rows: { address: string; known: string }[] = await this.dataSource.query(
      `SELECT a.address, min(k.from_address) AS known
       FROM unnest($1::varchar[]) AS a(address)
       JOIN LATERAL (
         SELECT c.from_address FROM chain_deposits c
         WHERE left(c.from_address, 4) = left(a.address, 4)
           AND right(c.from_address, 4) = right(a.address, 4) AND c.from_address <> a.address
         UNION ALL
         SELECT f.from_address FROM foreign_deposits f
         WHERE left(f.from_address, 4) = left(a.address, 4)
           AND right(f.from_address, 4) = right(a.address, 4) AND f.from_address <> a.address
       ) k ON true
       GROUP BY a.address`,
      [addresses],
    );
    return new Map(rows.map((r) => [r.address, r.known]));
  }

  listForeign(limit: number, before?: number): Promise<ForeignDepositRow[]> {
    return this.dataSource.query(
      `SELECT id, tx_id, log_index, user_id, asset, from_address, amount::text AS amount, block_number, created_at
       FROM foreign_deposits WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
      [before ?? null, limit],
    );
  }

  /**
   * USDT credited to member addresses and not swept yet, in micro-USDT
   * (solvency's asset side): the sums deposit_totals keeps (statement
   * triggers on chain_deposits and sweeps), not a sum of every deposit. A
   * read of the reports database.
   */
  async unsweptTotal(): Promise<bigint> {
    const rows: { total: string | null }[] = await this.reports.dataSource.query(
      `SELECT (credited_micro - swept_micro)::text AS total FROM deposit_totals`,
    );
    return BigInt(rows[0]?.total ?? '0');
  }

  /** Member addresses with at least `min` credited and not swept, largest first. */
  sweepCandidates(min: bigint, limit: number) {
    return this.dataSource.query(
      `SELECT a.user_id, a.address, (c.credited - coalesce(s.swept, 0))::text AS unswept
       FROM (SELECT user_id, sum(amount_micro) AS credited FROM chain_deposits GROUP BY user_id) c
       JOIN deposit_addresses a ON a.user_id = c.user_id
       LEFT JOIN (SELECT user_id, sum(amount_micro) AS swept FROM sweeps GROUP BY user_id) s
         ON s.user_id = c.user_id
       WHERE c.credited - coalesce(s.swept, 0) >= $1
       ORDER BY c.credited - coalesce(s.swept, 0) DESC LIMIT $2`,
      [min.toString(), limit],
    ) as Promise<{ user_id: number; address: string; unswept: string }[]>;
  }

  /** Member deposits credited from the chain in the last `days` days. */
  async creditedSince(days: number): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM chain_deposits WHERE created_at > now() - make_interval(days => $1)`,
      [days],
    )) as { n: number }[];
    return row.n;
  }

  /** Records a confirmed sweep transfer; false when this tx id was recorded before. */
  async addSweep(
    db: EntityManager,
    sweep: {
      userId: number;
      address: string;
      txId: string;
      amount: bigint;
      recordedBy: number;
      destination: 'hot' | 'cold';
    },
  ): Promise<boolean> {
    const rows: unknown[] = await db.query(
      `INSERT INTO sweeps (user_id, address, tx_id, amount_micro, recorded_by, destination) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (tx_id) DO NOTHING RETURNING id`,
      [
        sweep.userId,
        sweep.address,
        sweep.txId,
        sweep.amount.toString(),
        sweep.recordedBy,
        sweep.destination,
      ],
    );
    return rows.length > 0;
  }

  /** Deposit addresses with chain activity for the reconciler (the newest block each). */
  async noteActivity(
    db: EntityManager | DataSource,
    rows: { address: string; userId: number; blockNumber: number }[],
  ): Promise<void> {
    if (rows.length === 0) return;
    await db.query(
      `INSERT INTO deposit_activity (address, user_id, block_number)
       SELECT * FROM unnest($1::varchar[], $2::int[], $3::bigint[])
       ON CONFLICT (address) DO UPDATE
         SET block_number = greatest(deposit_activity.block_number, EXCLUDED.block_number),
             noted_at = now()`,
      [rows.map((r) => r.address), rows.map((r) => r.userId), rows.map((r) => r.blockNumber)],
    );
  }

  /** Addresses with activity up to `upTo` (the scanner went past it), oldest first. */
  activeAddresses(upTo: number, limit: number) {
    return this.dataSource.query(
      `SELECT address, user_id, block_number::int AS block_number FROM deposit_activity
       WHERE block_number <= $1 ORDER BY block_number LIMIT $2`,
      [upTo, limit],
    ) as Promise<{ address: string; user_id: number; block_number: number }[]>;
  }

  /** Forgets activity the reconciler looked at (not activity noted since, in a later block). */
  async forgetActivity(rows: { address: string; block_number: number }[]): Promise<void> {
    if (rows.length === 0) return;
    await this.dataSource.query(
      `DELETE FROM deposit_activity a USING unnest($1::varchar[], $2::bigint[]) AS d(address, block_number)
       WHERE a.address = d.address AND a.block_number <= d.block_number`,
      [rows.map((r) => r.address), rows.map((r) => r.block_number)],
    );
  }

  /** The rolling pass: deposit addresses of members after `afterUserId`. */
  addressesAfter(afterUserId: number, limit: number) {
    return this.dataSource.query(
      `SELECT address, user_id FROM deposit_addresses WHERE user_id > $1 ORDER BY user_id LIMIT $2`,
      [afterUserId, limit],
    ) as Promise<{ address: string; user_id: number }[]>;
  }

  /**
   * What the books say reached and left these addresses: USDT credited from
   * blocks up to `upTo` (any source), and every sweep recorded.
   */
  async booked(
    users: number[],
    upTo: number,
  ): Promise<Map<number, { credited: bigint; swept: bigint }>> {
    if (users.length === 0) return new Map();
    const rows: { user_id: number; credited: string; swept: string }[] =
      await this.dataSource.query(
        `SELECT u.user_id,
           coalesce((SELECT sum(amount_micro) FROM chain_deposits d
                     WHERE d.user_id = u.user_id AND d.block_number <= $2), 0)::text AS credited,
           coalesce((SELECT sum(amount_micro) FROM sweeps s WHERE s.user_id = u.user_id), 0)::text AS swept
         FROM unnest($1::int[]) AS u(user_id)`,
        [users, upTo],
      );
    return new Map(
      rows.map((r) => [r.user_id, { credited: BigInt(r.credited), swept: BigInt(r.swept) }]),
    );
  }

  /** Opens (or brings up to date) the address's gap; its id when it is new, else null. */
  async openGap(gap: {
    userId: number;
    address: string;
    chainIn: bigint;
    credited: bigint;
    chainOut: bigint;
    swept: bigint;
    asOfBlock: number;
  }): Promise<number | null> {
    const rows: { id: string; fresh: boolean }[] = await this.dataSource.query(
      `INSERT INTO deposit_gaps (user_id, address, chain_in_micro, credited_micro, chain_out_micro, swept_micro, as_of_block)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (address) WHERE status = 'open' DO UPDATE
         SET chain_in_micro = EXCLUDED.chain_in_micro, credited_micro = EXCLUDED.credited_micro,
             chain_out_micro = EXCLUDED.chain_out_micro, swept_micro = EXCLUDED.swept_micro,
             as_of_block = EXCLUDED.as_of_block, checked_at = now()
       RETURNING id, (xmax = 0) AS fresh`,
      [
        gap.userId,
        gap.address,
        gap.chainIn.toString(),
        gap.credited.toString(),
        gap.chainOut.toString(),
        gap.swept.toString(),
        gap.asOfBlock,
      ],
    );
    return rows[0]?.fresh ? Number(rows[0].id) : null;
  }

  /** Closes the open gaps of addresses whose figures agree again; their ids. */
  async closeGaps(addresses: string[]): Promise<number[]> {
    if (addresses.length === 0) return [];
    // An UPDATE answers [rows, count].
    const [rows]: [{ id: string }[], number] = await this.dataSource.query(
      `UPDATE deposit_gaps SET status = 'closed', closed_at = now()
       WHERE status = 'open' AND address = ANY($1::varchar[]) RETURNING id`,
      [addresses],
    );
    return rows.map((r) => Number(r.id));
  }

  listGaps(status: DepositGapStatus | null, limit: number, before?: number) {
    return this.dataSource.query(
      `SELECT ${GAP_COLUMNS}
       FROM deposit_gaps WHERE ($1::varchar IS NULL OR status = $1)
         AND ($2::bigint IS NULL OR id < $2) ORDER BY id DESC LIMIT $3`,
      [status, before ?? null, limit],
    ) as Promise<DepositGapRow[]>;
  }

  /** The item, locked for its operator's decision (null: no such item). */
  async lockGap(db: EntityManager, id: number): Promise<DepositGapRow | null> {
    const rows: DepositGapRow[] = await db.query(
      `SELECT ${GAP_COLUMNS} FROM deposit_gaps WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** An open item closed by an operator, with their note (the caller locked it). */
  async resolveGap(
    db: EntityManager,
    id: number,
    operatorId: number,
    note: string,
  ): Promise<DepositGapRow> {
    const [rows]: [DepositGapRow[], number] = await db.query(
      `UPDATE deposit_gaps SET status = 'resolved', closed_at = now(), resolved_by = $2, note = $3
       WHERE id = $1 AND status = 'open' RETURNING ${GAP_COLUMNS}`,
      [id, operatorId, note],
    );
    return rows[0];
  }

  /**
   * The differences operators accepted per address: those of its newest
   * resolved item (chain in less credited, chain out less swept). Addresses
   * never resolved are absent.
   */
  async acceptedDifferences(addresses: string[]): Promise<Map<string, AcceptedDifference>> {
    if (addresses.length === 0) return new Map();
    const rows: { address: string; inflow: string; outflow: string }[] =
      await this.dataSource.query(
        `SELECT DISTINCT ON (address) address,
                (chain_in_micro - credited_micro)::text AS inflow,
                (chain_out_micro - swept_micro)::text AS outflow
         FROM deposit_gaps WHERE status = 'resolved' AND address = ANY($1::varchar[])
         ORDER BY address, id DESC`,
        [addresses],
      );
    return new Map(
      rows.map((r) => [r.address, { inflow: BigInt(r.inflow), outflow: BigInt(r.outflow) }]),
    );
  }

  async openGapCount(): Promise<number> {
    const [row] = (await this.dataSource.query(
      `SELECT count(*)::int AS n FROM deposit_gaps WHERE status = 'open'`,
    )) as { n: number }[];
    return row.n;
  }

  listSweeps(limit: number, before?: number) {
    return this.dataSource.query(
      `SELECT id, user_id, address, tx_id, amount_micro, recorded_by, destination, created_at FROM sweeps
       WHERE ($1::bigint IS NULL OR id < $1) ORDER BY id DESC LIMIT $2`,
      [before ?? null, limit],
    ) as Promise<
      {
        id: string;
        user_id: number;
        address: string;
        tx_id: string;
        amount_micro: string;
        recorded_by: number;
        destination: 'hot' | 'cold';
        created_at: Date;
      }[]
    >;
  }
}
