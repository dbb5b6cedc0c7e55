import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  messageId: string;
  html: string;
}

/**
 * A real SMTP server on loopback that keeps every mail it is given, on `port`
 * (0: a free one; a server started again on its predecessor's port is "the
 * mail server back"). While `hold` is true it keeps each sender waiting
 * before answering MAIL FROM (a hanging server).
 */
export async function startSmtp(options: { port?: number; mails?: ReceivedMail[] } = {}) {
  const mails: ReceivedMail[] = options.mails ?? [];
  const control = { hold: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onMailFrom(_address, _session, callback) {
      const answer = () => (control.hold ? setTimeout(answer, 50) : callback());
      answer();
    },
    onData(stream, session, done) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            messageId: parsed.messageId ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          done();
        })
        .catch(done);
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    control,
    /** The 6-digit code of the latest mail to `to`, waiting up to `ms` for it to arrive. */
    async codeFor(to: string, after = 0, ms = 5000): Promise<string> {
      const until = Date.now() + ms;
      for (;;) {
        const mail = [...mails.slice(after)].reverse().find((m) => m.to.includes(to));
        const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
        if (code) return code;
        if (Date.now() > until) throw new Error(`no mail with a code reached ${to}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        control.hold = false;
        server.close(() => resolve());
      }),
  };
}
