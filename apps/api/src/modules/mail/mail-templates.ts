import type { Language } from '../../common/language';

/**
 * Every mail the API sends, in the member's interface language (the
 * Accept-Language of the request that triggers it; docs/decisions.md,
 * "Mail in the member's language"), or, for a notice no request of theirs
 * starts, the language they bound their mailbox in. Texts only: how a mail
 * leaves is mail.service.ts's business.
 */
export type MailKind = CodeMailKind | NoticeKind;
export type CodeMailKind = 'mail_bind_code' | 'password_reset_code';
/** What the member is told about their account (recovery.service.ts), by mail and in-app message. */
export type NoticeKind =
  | 'password_reset_notice'
  | 'transaction_password_set_notice'
  | 'transaction_password_changed_notice';

export interface CodeParams {
  code: string;
  /** How long the code works, in minutes. */
  minutes: number;
}

export interface NoticeParams {
  /** When it happened. */
  at: Date;
  /** When the hold on withdrawals ends; null when none is in force. */
  until: Date | null;
}

type ParamsOf<K extends MailKind> = K extends CodeMailKind ? CodeParams : NoticeParams;

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

/**
 * "2026-01-10 12:00 UTC": a notice is read later and anywhere, and the
 * server does not know the member's time zone, so it names its own.
 */
export const utcTime = (date: Date) =>
  `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;

interface Template<P> {
  subject: (p: P) => string;
  /** Paragraphs; in a code's mail the first holds the code. */
  lines: (p: P) => string[];
}

type Templates = { [K in MailKind]: Record<Language, Template<ParamsOf<K>>> };

/** What to do when the member did not do it: the same words in every notice. */
const NOT_YOU: Record<Language, string> = {
  ru: 'Если это были не вы, сразу сообщите клубу через ссылку поддержки в приложении и никому не называйте присланные вам коды, даже сотрудникам. Если к аккаунту привязана почта, задайте новый пароль сами через «Забыли пароль?».',
  en: 'If this was not you, tell the club at once through the support link in the app, and never give anyone a code sent to you, staff included. If your account has a mailbox bound, set a new password yourself with "Forgot password?".',
  uz: 'Agar bu siz boʻlmasangiz, darhol ilovadagi qoʻllab-quvvatlash havolasi orqali klubga xabar bering va sizga yuborilgan kodlarni hech kimga, hatto xodimlarga ham aytmang. Hisobingizga pochta bogʻlangan boʻlsa, «Parolni unutdingizmi?» orqali yangi parolni oʻzingiz oʻrnating.',
};

/** The hold's sentence, when one is in force. */
const HOLD: Record<Language, (until: Date) => string> = {
  ru: (until) =>
    `В целях безопасности вывод средств и изменение адресов вывода приостановлены до ${utcTime(until)}.`,
  en: (until) =>
    `For your safety, withdrawals and changes to withdrawal addresses are paused until ${utcTime(until)}.`,
  uz: (until) =>
    `Xavfsizlik uchun pul yechish va yechish manzillarini oʻzgartirish ${utcTime(until)} gacha toʻxtatildi.`,
};

/** A notice: what happened and when, the hold if any, and what to do if it was not the member. */
const notice = (
  lang: Language,
  subject: string,
  happened: (at: string) => string,
): Template<NoticeParams> => ({
  subject: () => subject,
  lines: (p) => [happened(utcTime(p.at)), ...(p.until ? [HOLD[lang](p.until)] : []), NOT_YOU[lang]],
});

const TEMPLATES: Templates = {
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
        `Ushbu pochtani bogʻlash uchun kodingiz: ${p.code}.`,
        `U ${p.minutes} daqiqa amal qiladi. Agar siz uni soʻramagan boʻlsangiz, bu xatga eʼtibor bermang.`,
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
        `Yangi parol oʻrnatish uchun kodingiz: ${p.code}.`,
        `U ${p.minutes} daqiqa amal qiladi. Agar siz uni soʻramagan boʻlsangiz, bu xatga eʼtibor bermang: parolingiz oʻzgarmaydi.`,
      ],
    },
  },
  password_reset_notice: {
    ru: notice(
      'ru',
      'Пароль вашего аккаунта сброшен',
      (at) =>
        `Пароль вашего аккаунта сброшен ${at} одноразовым кодом; все входы в аккаунт завершены.`,
    ),
    en: notice(
      'en',
      'Your password was reset',
      (at) =>
        `The password of your account was reset with a one-time code at ${at}; every sign-in to the account was ended.`,
    ),
    uz: notice(
      'uz',
      'Hisobingiz paroli tiklandi',
      (at) =>
        `Hisobingiz paroli ${at} da bir martalik kod bilan tiklandi; hisobga barcha kirishlar yakunlandi.`,
    ),
  },
  transaction_password_set_notice: {
    ru: notice(
      'ru',
      'Установлен пароль транзакций',
      (at) => `Для вашего аккаунта установлен пароль транзакций ${at}, вскоре после сброса пароля.`,
    ),
    en: notice(
      'en',
      'A transaction password was set',
      (at) =>
        `A transaction password was set for your account at ${at}, soon after its password was reset.`,
    ),
    uz: notice(
      'uz',
      'Tranzaksiya paroli oʻrnatildi',
      (at) =>
        `Hisobingiz uchun ${at} da, parol tiklanganidan koʻp oʻtmay, tranzaksiya paroli oʻrnatildi.`,
    ),
  },
  transaction_password_changed_notice: {
    ru: notice(
      'ru',
      'Пароль транзакций изменён',
      (at) => `Пароль транзакций вашего аккаунта изменён ${at}, вскоре после сброса пароля.`,
    ),
    en: notice(
      'en',
      'Your transaction password was changed',
      (at) =>
        `The transaction password of your account was changed at ${at}, soon after its password was reset.`,
    ),
    uz: notice(
      'uz',
      'Tranzaksiya paroli oʻzgartirildi',
      (at) =>
        `Hisobingizning tranzaksiya paroli ${at} da, parol tiklanganidan koʻp oʻtmay, oʻzgartirildi.`,
    ),
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** A mail's subject and body (plain text and HTML) in `lang`. */
export function mailText<K extends MailKind>(
  kind: K,
  lang: Language,
  params: ParamsOf<K>,
): MailText {
  const template = TEMPLATES[kind][lang] as Template<ParamsOf<K>>;
  const lines = template.lines(params);
  return {
    subject: template.subject(params),
    text: lines.join('\n'),
    html: `<!doctype html><html lang="${lang}"><body>${lines
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('')}</body></html>`,
  };
}
