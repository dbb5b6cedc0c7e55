import { background, job, tick } from '../../infra/jobs/background';
import { MAIL_QUEUE, MailOutboxService } from './mail-outbox.service';
import { MailModule } from './mail.module';

/** The mail outbox (mail-outbox.service.ts): sent by a job with retries, swept so none is lost. */
export const mailBackground = background({
  owner: 'mail',
  module: MailModule,
  ticks: [
    tick({
      name: 'mail-outbox-sweep',
      does: 'marks expired the queued mails whose code no longer works, queues again those whose job was lost',
      process: 'worker',
      every: 'SWEEP_INTERVAL_MS',
      handler: MailOutboxService,
      run: (outbox) => outbox.sweep(),
    }),
  ],
  enqueues: [
    {
      queue: MAIL_QUEUE,
      name: 'send-mail',
      // Codes: POST /users/mail/code, /password/forgot, /admin/users/{id}/reset_code;
      // notices: recovery.service.ts (after a reset, a transaction password set within the hold).
      by: 'mailed codes, `recovery` notices, `mail-outbox-sweep`',
    },
  ],
  jobs: [
    job({
      queue: MAIL_QUEUE,
      name: 'send-mail',
      does: 'sends one mail of the outbox (claimed first, marked sent after), or marks it expired',
      handler: MailOutboxService,
      run: (outbox, data) => outbox.send(String(data.outboxId)),
    }),
  ],
});
