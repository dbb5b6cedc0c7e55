import type { Language } from '../../common/language';

/**
 * Every mail the API sends, in the member's interface language (the
 * Accept-Language of the request that triggers it; docs/decisions.md,
 * "Mail in the member's language"). Texts only: how a mail leaves is
 * mail.service.ts's business.
 */
export type MailKind = 'mail_bind_code' | 'password_reset_code';

export interface MailParams {
  code: string;
  /** How long the code works, in minutes. */
  minutes: number;
}

export interface MailText {
  subject: string;
  text: string;
  html: string;
}

/** "1 минуту", "3 минуты", "10 минут" (how long something works: accusative). */
function ruMinutes(n: number): string {
  const tens = n % 100;
  const ones = n % 10;
  const word =
    ones === 1 && tens !== 11
      ? 'минуту'
      : ones >= 2 && ones <= 4 && (tens < 12 || tens > 14)
        ? 'минуты'
        : 'минут';
  return `${n} ${word}`;
}

interface Template {
  subject: (p: MailParams) => string;
  /** Paragraphs; the first holds the code. */
  lines: (p: MailParams) => string[];
}

const TEMPLATES: Record<MailKind, Record<Language, Template>> = {
  mail_bind_code: {
    ru: {
      subject: (p) => `Ваш код: ${p.code}`,
      lines: (p) => [
        `Ваш код для привязки этой почты: ${p.code}.`,
        `Он действует ${ruMinutes(p.minutes)}. Если вы его не запрашивали, просто проигнорируйте это письмо.`,
      ],
    },
    en: {
      subject: (p) => `Your code: ${p.code}`,
      lines: (p) => [
        `Your code to bind this mailbox is ${p.code}.`,
        `It works for ${p.minutes} minute${p.minutes === 1 ? '' : 's'}. If you did not ask for it, ignore this mail.`,
      ],
    },
    uz: {
      subject: (p) => `Sizning kodingiz: ${p.code}`,
      lines: (p) => [
        `Ushbu pochtani bog‘lash uchun kodingiz: ${p.code}.`,
        `U ${p.minutes} daqiqa amal qiladi. Agar siz uni so‘ramagan bo‘lsangiz, bu xatga e’tibor bermang.`,
      ],
    },
  },
  password_reset_code: {
    ru: {
      subject: (p) => `Код для сброса пароля: ${p.code}`,
      lines: (p) => [
        `Ваш код для установки нового пароля: ${p.code}.`,
        `Он действует ${ruMinutes(p.minutes)}. Если вы его не запрашивали, проигнорируйте это письмо: ваш пароль останется прежним.`,
      ],
    },
    en: {
      subject: (p) => `Password reset code: ${p.code}`,
      lines: (p) => [
        `Your code to set a new password is ${p.code}.`,
        `It works for ${p.minutes} minute${p.minutes === 1 ? '' : 's'}. If you did not ask for it, ignore this mail: your password stays as it is.`,
      ],
    },
    uz: {
      subject: (p) => `Parolni tiklash kodi: ${p.code}`,
      lines: (p) => [
        `Yangi parol o‘rnatish uchun kodingiz: ${p.code}.`,
        `U ${p.minutes} daqiqa amal qiladi. Agar siz uni so‘ramagan bo‘lsangiz, bu xatga e’tibor bermang: parolingiz o‘zgarmaydi.`,
      ],
    },
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A mail's subject and body (plain text and HTML) in `lang`. */
export function mailText(kind: MailKind, lang: Language, params: MailParams): MailText {
  const template = TEMPLATES[kind][lang];
  const lines = template.lines(params);
  return {
    subject: template.subject(params),
    text: lines.join('\n'),
    html: `<!doctype html><html lang="${lang}"><body>${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}</body></html>`,
  };
}
