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
  /** The same words as HTML (mail-templates.ts); plain text alone when left out. */
  html?: string;
}

@Injectable()
export class MailService implements OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly transport: Transporter | null;
  readonly delivery: MailDelivery;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transport = config.SMTP_URL ? createTransport(config.SMTP_URL) : null;
    this.delivery = this.transport ? 'smtp' : config.NODE_ENV === 'production' ? 'off' : 'log';
  }

  onApplicationShutdown() {
    this.transport?.close();
  }

  /** Sends one mail; 503 MAIL_NOT_CONFIGURED when there is no way to. */
  async send(mail: Mail): Promise<void> {
    if (this.delivery === 'off') throw new AppError('MAIL_NOT_CONFIGURED');
    if (this.delivery === 'log') {
      this.logger.log(`mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      return;
    }
    try {
      await this.transport!.sendMail({ from: this.config.MAIL_FROM, ...mail });
    } catch (error) {
      this.logger.error(`could not send mail to ${mail.to}: ${String(error)}`);
      throw new AppError('SERVICE_UNAVAILABLE', 'Mail could not be sent, try again later');
    }
  }
}
