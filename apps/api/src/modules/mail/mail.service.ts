import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppError } from '../../common/app-error';
import { APP_CONFIG, AppConfig } from '../../config/config';

/**
 * How mail leaves: `smtp` through SMTP_URL; `log` (development and tests
 * without SMTP_URL) prints each mail to the API log so the flow can be tried
 * offline; `off` (production without SMTP_URL) sends nothing, and the screens
 * that need mail say so.
 */
export type MailDelivery = 'smtp' | 'log' | 'off';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** A Message-ID of the outbox's making, so a mail sent twice is recognisable as one. */
  messageId?: string;
  /** The same words as HTML (mail-templates.ts); plain text alone when left out. */
  html?: string;
}

@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | null;
  readonly delivery: MailDelivery;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    // Bounded waits: a hanging server fails the attempt, and the outbox tries again later.
    const timeout = config.MAIL_SEND_TIMEOUT_MS;
    this.transport = config.SMTP_URL
      ? createTransport({
          url: config.SMTP_URL,
          connectionTimeout: timeout,
          greetingTimeout: timeout,
          socketTimeout: timeout,
        } as Parameters<typeof createTransport>[0])
      : null;
    this.delivery = this.transport ? 'smtp' : config.NODE_ENV === 'production' ? 'off' : 'log';
  }

  onApplicationShutdown() {
    this.transport?.close();
  }

  /**
   * Sends one mail (the worker's outbox job calls it); 503
   * MAIL_NOT_CONFIGURED when there is no way to, the server's error when it
   * refuses or is away.
   */
  async send(mail: Mail): Promise<void> {
    if (this.delivery === 'off') throw new AppError('MAIL_NOT_CONFIGURED');
    if (this.delivery === 'log') {
      this.logger.log(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      return;
    }
    await this.transport!.sendMail({ from: this.config.MAIL_FROM, ...mail });
  }

  /** The Message-ID of outbox row `id`, in MAIL_FROM's domain. */
  messageId(id: string): string {
    const domain = /@([^>\s]+)/.exec(this.config.MAIL_FROM)?.[1] ?? 'localhost';
    return `<mail-outbox-${id}@${domain}>`;
  }
}
