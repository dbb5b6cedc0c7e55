import { acceptedLanguages, chooseLanguage, languageOf, pickText } from '../../src/common/language';
import { mailText } from '../../src/modules/mail/mail-templates';

describe('the reader language (Accept-Language) and the fallback', () => {
  it('reads Accept-Language as browsers send it', () => {
    expect(acceptedLanguages('uz-Latn-UZ,uz;q=0.9,ru;q=0.8,en;q=0.7')).toEqual(['uz', 'ru', 'en']);
    expect(acceptedLanguages('en;q=0.5, ru')).toEqual(['ru', 'en']);
    expect(acceptedLanguages('de-DE, fr;q=0.9')).toEqual([]);
    expect(acceptedLanguages('EN-us')).toEqual(['en']);
    expect(acceptedLanguages('ru;q=0, en')).toEqual(['en']);
    expect(acceptedLanguages('*')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(languageOf('de')).toBe('ru');
    expect(languageOf(undefined)).toBe('ru');
    expect(languageOf('uz')).toBe('uz');
  });

  it('offers the reader their language, then Russian, then English, then Uzbek', () => {
    expect(pickText({ ru: 'Привет', en: 'Hello', uz: 'Salom' }, 'uz')).toBe('Salom');
    expect(pickText({ ru: 'Привет', en: 'Hello' }, 'uz')).toBe('Привет');
    expect(pickText({ en: 'Hello', uz: 'Salom' }, 'ru')).toBe('Hello');
    expect(pickText({ uz: 'Salom' }, 'en')).toBe('Salom');
    expect(pickText({ ru: '', en: 'Hello' }, 'ru')).toBe('Hello');
    expect(pickText({}, 'ru')).toBe('');
    expect(chooseLanguage('en', (l) => l !== 'en')).toBe('ru');
  });
});

describe('mails per language', () => {
  it('writes each kind in ru, en and uz with the code, as text and as HTML', () => {
    for (const kind of ['mail_bind_code', 'password_reset_code'] as const) {
      const texts = (['ru', 'en', 'uz'] as const).map((lang) =>
        mailText(kind, lang, { code: '012345', minutes: 10 }),
      );
      for (const mail of texts) {
        expect(mail.subject).toContain('012345');
        expect(mail.text).toContain('012345');
        expect(mail.html).toContain('<p>');
      }
      // Three languages, three different mails.
      expect(new Set(texts.map((m) => m.subject)).size).toBe(3);
    }
  });

  it('says the minutes with Russian plural forms and English ones', () => {
    const ru = (minutes: number) => mailText('mail_bind_code', 'ru', { code: '1', minutes }).text;
    expect(ru(1)).toContain('действует 1 минуту.');
    expect(ru(3)).toContain('действует 3 минуты.');
    expect(ru(10)).toContain('действует 10 минут.');
    expect(ru(11)).toContain('действует 11 минут.');
    expect(ru(21)).toContain('действует 21 минуту.');
    expect(mailText('mail_bind_code', 'en', { code: '1', minutes: 1 }).text).toContain(
      'works for 1 minute.',
    );
  });

  it('escapes what goes into the HTML', () => {
    expect(mailText('mail_bind_code', 'en', { code: '<b>', minutes: 10 }).html).toContain(
      '&lt;b&gt;',
    );
  });
});
