import { Inject, Injectable, Logger } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { within } from '../../common/within';
import { afterCommit } from '../../database/after-commit';
import { APP_CONFIG, AppConfig } from '../../config/config';
import { JobQueue } from '../../infra/jobs/job-queue';
import { REMOVE_WHEN_RUN, SWEEP_BATCH } from '../../infra/jobs/queues';
import { MailOutboxRepository, OutboxStatus } from './mail-outbox.repository';
import { Mail, MailService } from './mail.service';

export const MAIL_QUEUE = 'mail';
/** The longest an add waits for Redis to take the mail's job; the worker's sweep finds it anyway. */
const ENQUEUE_WAIT_MS = 2000;
/** A queued mail this late past its time has lost its job (Redis lost it, or it was never added). */
const OVERDUE_GRACE_MS = 5000;

export type SendOutcome = 'sent' | 'expired' | 'already';
/** The outbox kind of a mail that carries no code (mail-templates.ts, NoticeKind). */
const NOTICE_KIND = 'account_notice';

/**
 * Mail is an outbox (issue 30, docs/decisions.md): the mail carrying a code
 * is a `mail_outbox` row written in the code's own transaction; the worker's
 * `send-mail` job sends it, trying again with a doubling wait while the SMTP
 * server refuses or is away, and the `mail-outbox-sweep` tick queues again
 * the rows whose job was lost. A row is claimed before the send and marked
 * sent after, so two jobs for one row send once; only a worker dying between
 * the server's acceptance and the mark can send it twice, with the same
 * Message-ID. A mail whose code no longer works is not sent (expired).
 */
/** What the outbox keeps of a mail until it is settled (html absent in rows of before it had one). */
type SealedMail = Pick<Mail, 'subject' | 'text' | 'html'>;

@Injectable()
export class MailOutboxService {
  private readonly logger = new Logger('MailOutbox');
  private readonly key: Buffer;

  constructor(
    private readonly outbox: MailOutboxRepository,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.key = createHmac('sha256', config.JWT_SECRET).update('mail-outbox').digest();
  }

  /** A sender quiet this long is presumed dead: connect, greeting and data, each bounded. */
  private get leaseMs() {
    return 3 * this.config.MAIL_SEND_TIMEOUT_MS;
  }

  /**
   * Adds the mail carrying code `codeId`, in the transaction that issues the
   * code; without a code (null), a notice to the member (kind `account_notice`).
   */
  add(
    db: EntityManager,
    m: { kind: string; userId: number; codeId: string | null; mail: Mail },
  ): Promise<string> {
    return this.outbox.insert(db, {
      kind: m.kind,
      userId: m.userId,
      codeId: m.codeId,
      recipient: m.mail.to,
      sealed: this.seal({ subject: m.mail.subject, text: m.mail.text, html: m.mail.html }),
    });
  }

  /**
   * A notice to the member, in the caller's transaction: it goes out once
   * that transaction commits, and never if it rolls back.
   */
  async addNotice(db: EntityManager, userId: number, mail: Mail): Promise<void> {
    const id = await this.add(db, { kind: NOTICE_KIND, userId, codeId: null, mail });
    afterCommit(db, () => this.queued(id, NOTICE_KIND));
  }

  /** After the commit: asks the worker to send it now; a Redis away leaves it to the sweep. */
  queued(id: string, kind: string): void {
    this.logger.log(`mail ${id} (${kind}) queued`);
    // Not awaited: the answer never waits for Redis (nor tells by its timing that a mail went).
    void within(this.enqueue([{ id, attempts: 0 }]), ENQUEUE_WAIT_MS).catch((error: unknown) =>
      this.logger.warn(`mail ${id} not queued now: ${(error as Error).message}`),
    );
  }

  /** One job per row and attempt: repeated sweeps collapse, a new attempt gets a new job. */
  private enqueue(rows: { id: string; attempts: number }[]) {
    const attempts = this.config.MAIL_SEND_ATTEMPTS;
    return this.jobs.enqueue(
      MAIL_QUEUE,
      rows.map((row) => ({
        name: 'send-mail' as const,
        data: { outboxId: row.id },
        jobId: `mail-${row.id}-${row.attempts}`,
      })),
      {
        // Without a limit BullMQ still needs one; past it the sweep queues the row again.
        attempts: attempts || 50,
        backoff: { type: 'exponential', delay: this.config.MAIL_RETRY_BASE_MS },
        ...REMOVE_WHEN_RUN,
      },
    );
  }

  /**
   * The `send-mail` job: claims the row, sends it, marks it sent. A refusal
   * hands the row back and throws, so BullMQ tries again after its backoff;
   * the last allowed attempt marks it failed and stops.
   */
  async send(id: string): Promise<SendOutcome> {
    const claimed = await this.outbox.claim(id, this.leaseMs);
    if (!claimed) return 'already'; // sent, settled, or another worker has it now
    if (claimed.status === 'expired') return 'expired';
    let mail: SealedMail;
    try {
      mail = this.open(claimed.sealed!);
    } catch {
      await this.outbox.fail(id, 'the sealed mail does not open (JWT_SECRET changed?)');
      throw new UnrecoverableError(`mail ${id}: the sealed mail does not open`);
    }
    try {
      await this.mail.send({ to: claimed.recipient, ...mail, messageId: this.mail.messageId(id) });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const status = await this.outbox.release(
        id,
        claimed.attempts,
        reason,
        this.config.MAIL_SEND_ATTEMPTS,
        this.config.MAIL_RETRY_BASE_MS,
      );
      const text = `mail ${id} attempt ${claimed.attempts}: ${reason}`;
      if (status === 'failed') throw new UnrecoverableError(`${text} (gave up)`);
      throw new Error(text, { cause: error });
    }
    await this.outbox.markSent(id);
    return 'sent';
  }

  /**
   * The worker's sweep: marks expired the queued mails whose code no longer
   * works, and queues again the rows whose job was lost.
   */
  async sweep(): Promise<{ expired: number; queued: number }> {
    const expired = await this.outbox.expireStale();
    const rows = await this.outbox.overdue(SWEEP_BATCH, OVERDUE_GRACE_MS, this.leaseMs);
    if (rows.length > 0) await this.enqueue(rows);
    return { expired, queued: rows.length };
  }

  /** Seconds the oldest mail still to send has waited; 0 when the outbox is empty (/metrics). */
  oldestPendingSeconds(): Promise<number> {
    return this.outbox.oldestPendingSeconds();
  }

  /** What became of the mail with the member's latest code of `kind` (`sending` shows as queued). */
  async latestStatus(
    userId: number,
    kind: string,
  ): Promise<Exclude<OutboxStatus, 'sending'> | null> {
    const status = await this.outbox.latestStatus(userId, kind);
    return status === 'sending' ? 'queued' : status;
  }

  private seal(value: unknown): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  private open(sealed: Buffer): SealedMail {
    const decipher = createDecipheriv('aes-256-gcm', this.key, sealed.subarray(0, 12));
    decipher.setAuthTag(sealed.subarray(12, 28));
    const text = Buffer.concat([decipher.update(sealed.subarray(28)), decipher.final()]);
    return JSON.parse(text.toString('utf8')) as SealedMail;
  }
}
