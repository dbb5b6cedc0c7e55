import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { type RiskSignalKind, STRONG_SIGNAL_KINDS, networkOf } from '@app/domain';
import type { ClientSeen } from '../../common/client';
import { afterCommit } from '../../database/after-commit';
import { RiskRepository } from './risk.repository';
import { RiskRingsService } from './risk-rings.service';

export type AddressSignal = 'funding_address' | 'withdrawal_address';

const strong = new Set<string>(STRONG_SIGNAL_KINDS);

/**
 * A device id is the client's own random string: kept as its hash, so the
 * table never holds what a client could replay as someone else's.
 */
const deviceValue = (deviceId: string) => createHash('sha256').update(deviceId).digest('hex');

/**
 * Keeps what links accounts run by one person (issue 38), per member, never
 * shown to members: the device and network of every sign-up, sign-in and
 * token refresh, the source of every chain deposit and every withdrawal
 * address. A strong signal seen for the first time that another member has
 * too sets off a look for rings around it once its transaction committed.
 */
@Injectable()
export class RiskSignalsService implements OnApplicationShutdown {
  private readonly logger = new Logger(RiskSignalsService.name);
  private readonly scans = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly risk: RiskRepository,
    private readonly rings: RiskRingsService,
  ) {}

  /** The member's client at sign-up, sign-in or a token refresh. */
  async seen(userId: number, client: ClientSeen, db?: EntityManager): Promise<void> {
    const signals: { kind: RiskSignalKind; value: string }[] = [];
    if (client.deviceId) signals.push({ kind: 'device', value: deviceValue(client.deviceId) });
    const network = networkOf(client.ip);
    if (network) signals.push({ kind: 'network', value: network });
    await this.record(
      db ?? this.dataSource,
      signals.map((s) => ({ userId, ...s })),
    );
  }

  /** Deposit sources and withdrawal addresses, in the caller's transaction when given one. */
  addresses(
    db: DataSource | EntityManager,
    rows: { userId: number; kind: AddressSignal; address: string }[],
  ): Promise<void> {
    return this.record(
      db,
      rows.map((r) => ({ userId: r.userId, kind: r.kind, value: r.address })),
    );
  }

  private async record(
    db: DataSource | EntityManager,
    rows: { userId: number; kind: RiskSignalKind; value: string }[],
  ): Promise<void> {
    const fresh = (await this.risk.record(db, rows)).filter((s) => strong.has(s.kind));
    if (fresh.length === 0) return;
    const userIds = [...new Set(fresh.map((s) => s.user_id))];
    afterCommit(db, () => this.scanSoon(userIds));
  }

  /** Outside the request's answer; a failure is logged (the worker's full scan finds it later). */
  private scanSoon(userIds: number[]): void {
    const scan: Promise<void> = this.rings
      .scanAround(userIds)
      .catch((error: unknown) =>
        this.logger.warn(
          `ring scan around ${userIds.join(',')} failed: ${(error as Error).message}`,
        ),
      )
      .finally(() => this.scans.delete(scan));
    this.scans.add(scan);
  }

  /** Scans under way finish before the database goes. */
  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.scans]);
  }
}
