import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client } from 'pg';
import type { Role } from '../../common/auth';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { retryAtStart } from '../../infra/process/start-retries';
import { listen } from '../../database/listen';
import { USER_ACCESS_CHANNEL, UsersService } from '../users/users.service';
import { SessionEnds } from './session-ends';

const RECONNECT_MS = 1_000;

/**
 * Who may use a valid access token right now. Tokens live 15 minutes, but a
 * deactivation or a role change must count on the next request: the active
 * flag and role in a token are not trusted. Each API process keeps the few
 * members who are not plain active members (deactivated ones, staff) in
 * memory, loaded from PostgreSQL and kept current by LISTEN on the channel a
 * trigger on `users` notifies, so the per-request check reads no database.
 * After a lost connection it listens again and reloads everything, so a
 * change made meanwhile is not missed. A deactivation or a role change is
 * also told to the account's open event streams (SessionEnds), which close.
 */
@Injectable()
export class AccessStateService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(AccessStateService.name);
  private inactive = new Set<number>();
  private staffRoles = new Map<number, Role>();
  private client?: Client;
  private reconnect?: NodeJS.Timeout;
  private stopped = false;
  private loaded = false;

  constructor(
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly ends: SessionEnds,
  ) {}

  /** Serves no request before the access state is loaded: a blocked member is never let through. */
  async onModuleInit() {
    if (process.env.OPENAPI_ONLY === '1') return;
    await retryAtStart('access listener', this.logger, () => this.connect());
  }

  async onApplicationShutdown() {
    this.stopped = true;
    clearTimeout(this.reconnect);
    await this.client?.end().catch(() => undefined);
  }

  /** A deactivated member's tokens are refused. */
  isBlocked(userId: number): boolean {
    return this.inactive.has(userId);
  }

  /** The member's role as the database has it now, whatever the token says. */
  roleOf(userId: number): Role {
    return this.staffRoles.get(userId) ?? 'member';
  }

  private async connect() {
    // LISTEN needs a session: a transaction-mode pooler would drop it between statements.
    const client = new Client({
      connectionString: this.config.DATABASE_SESSION_URL ?? this.config.DATABASE_URL,
      // A black-holed server fails the try instead of holding the start (or the reconnect) forever.
      connectionTimeoutMillis: this.config.DATABASE_CONNECT_TIMEOUT_MS,
    });
    client.on('notification', (message) => {
      if (message.channel === USER_ACCESS_CHANNEL && message.payload) this.apply(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    this.client = client;
    let rows: Awaited<ReturnType<UsersService['accessExceptions']>>;
    try {
      await client.connect();
      // Listen first, then load: a change between the two is in both, never in neither.
      await listen(client, USER_ACCESS_CHANNEL);
      rows = await this.users.accessExceptions();
    } catch (error) {
      // Whoever called tries again; this connection is done with, and so is
      // any reconnect its 'error'/'end' scheduled before this catch.
      if (this.client === client) this.client = undefined;
      clearTimeout(this.reconnect);
      client.end().catch(() => undefined);
      throw error;
    }
    const before = this.loaded ? { inactive: this.inactive, staffRoles: this.staffRoles } : null;
    this.loaded = true;
    this.inactive = new Set(rows.filter((row) => !row.isActive).map((row) => row.id));
    this.staffRoles = new Map(
      rows.filter((row) => row.role !== 'member').map((row) => [row.id, row.role]),
    );
    // A reload after a lost connection: what changed meanwhile was never notified.
    if (before) this.tellChanges(before);
  }

  private tellChanges(before: { inactive: Set<number>; staffRoles: Map<number, Role> }) {
    const ids = new Set([
      ...before.inactive,
      ...before.staffRoles.keys(),
      ...this.inactive,
      ...this.staffRoles.keys(),
    ]);
    for (const id of ids) {
      const wasRole = before.staffRoles.get(id) ?? 'member';
      if ((!before.inactive.has(id) && this.inactive.has(id)) || wasRole !== this.roleOf(id))
        this.ends.accountChanged(id);
    }
  }

  private apply(payload: string) {
    const change = JSON.parse(payload) as { id: number; active: boolean; role: Role };
    const ended =
      (!change.active && !this.inactive.has(change.id)) || change.role !== this.roleOf(change.id);
    if (change.active) this.inactive.delete(change.id);
    else this.inactive.add(change.id);
    if (change.role === 'member') this.staffRoles.delete(change.id);
    else this.staffRoles.set(change.id, change.role);
    if (ended) this.ends.accountChanged(change.id);
  }

  private lost(client: Client, error?: Error) {
    if (this.stopped || this.client !== client) return;
    this.client = undefined;
    this.logger.warn(`access listener lost its connection${error ? `: ${error.message}` : ''}`);
    client.end().catch(() => undefined);
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    clearTimeout(this.reconnect);
    this.reconnect = setTimeout(() => {
      this.connect().catch((error) => {
        this.logger.warn(`access listener reconnect failed: ${error}`);
        this.client = undefined;
        if (!this.stopped) this.scheduleReconnect();
      });
    }, RECONNECT_MS);
    this.reconnect.unref();
  }
}
