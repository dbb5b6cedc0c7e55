import { TestApp, member, operator, startApp } from '../support/harness';
import { BuiltProcess, killBuilt, startWorker } from '../support/built-process';
import { startSmtp } from '../support/smtp';

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Content and mail in the member's interface language (contract section 10):
 * chosen by Accept-Language, falling back to Russian, then to whichever
 * language the content was written in.
 */
describe('content and mail in ru, en and uz', () => {
  let t: TestApp;
  let smtp: Smtp;
  let admin: Record<string, string>;
  let worker: BuiltProcess;

  beforeAll(async () => {
    smtp = await startSmtp();
    const settings = { SMTP_URL: smtp.url, MAIL_FROM: 'Club <no-reply@example.test>' };
    t = await startApp(settings);
    // The API puts each mail in the outbox; the worker sends it.
    worker = await startWorker(settings);
    admin = await operator(t);
  });
  afterAll(async () => {
    await killBuilt(worker);
    await t.close();
    await smtp.close();
  });

  it('serves the seeded trailers in the language asked for, Russian without one', async () => {
    const m = await member(t);
    const titleOf = async (lang?: string) => {
      let req = t.http().get('/trailers/1').set(m.auth);
      if (lang !== undefined) req = req.set('Accept-Language', lang);
      return (await req.expect(200)).body;
    };
    expect(await titleOf('en')).toMatchObject({ title: 'Night Harbour' });
    expect(await titleOf('ru-RU,ru;q=0.9,en;q=0.8')).toMatchObject({ title: 'Ночная гавань' });
    expect(await titleOf('uz')).toMatchObject({
      title: 'Tungi bandargoh',
      description: expect.stringContaining('Mayoq'),
    });
    // Not one of ours, or none at all: Russian. q decides over order.
    expect((await titleOf('de')).title).toBe('Ночная гавань');
    expect((await titleOf()).title).toBe('Ночная гавань');
    expect((await titleOf('en;q=0.5, uz')).title).toBe('Tungi bandargoh');
    const list = (await t.http().get('/trailers').set(m.auth).set('Accept-Language', 'uz')).body;
    expect(list.find((x: { id: number }) => x.id === 1).title).toBe('Tungi bandargoh');
    // Every seeded trailer and message is written in all three.
    const [{ missing }] = await t.db.query(
      `SELECT count(*)::int AS missing FROM trailers
       WHERE id <= 14 AND NOT (title ?& array['ru', 'en', 'uz'] AND description ?& array['ru', 'en', 'uz'])`,
    );
    expect(missing).toBe(0);
    const messages = (await t.http().get('/messages').set(m.auth).set('Accept-Language', 'uz'))
      .body;
    expect(messages.map((x: { title: string }) => x.title)).toContain('Mukofotlar qanday ishlaydi');
  });

  it('lets operators write a trailer per language; readers of a missing one get Russian, else any', async () => {
    const m = await member(t);
    const body = {
      title_en: 'Only in English',
      description_en: 'Words',
      trailer_key: 'abc_DEF-123',
      category: 'hot',
      sort_order: -100,
    };
    const created = await t
      .http()
      .post('/admin/trailers')
      .set(admin)
      .set('Accept-Language', 'ru')
      .send(body);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      title: 'Only in English',
      title_ru: '',
      title_en: 'Only in English',
      title_uz: '',
      description_en: 'Words',
    });
    const read = async (lang: string) =>
      (await t.http().get(`/trailers/${created.body.id}`).set(m.auth).set('Accept-Language', lang))
        .body;
    expect(await read('uz')).toMatchObject({ title: 'Only in English', description: 'Words' });
    await t
      .http()
      .put(`/admin/trailers/${created.body.id}`)
      .set(admin)
      .send({ ...body, title_ru: 'По-русски', description_ru: 'Слова' })
      .expect(200);
    expect(await read('uz')).toMatchObject({ title: 'По-русски', description: 'Слова' });
    expect(await read('en')).toMatchObject({ title: 'Only in English', description: 'Words' });
    // The title picks the language; the description follows it, even when empty.
    await t
      .http()
      .put(`/admin/trailers/${created.body.id}`)
      .set(admin)
      .send({ ...body, title_uz: 'Faqat sarlavha' })
      .expect(200);
    expect(await read('uz')).toMatchObject({ title: 'Faqat sarlavha', description: '' });
    const none = await t
      .http()
      .post('/admin/trailers')
      .set(admin)
      .send({ ...body, title_en: '  ' });
    expect(none.status).toBe(422);
    expect(none.body.detail[0].loc).toEqual(['body', 'title_ru']);
  });

  it('sends a broadcast per language: each member reads their own, live too, and the rest fall back', async () => {
    const m = await member(t);
    const sent = await t.http().post('/admin/messages').set(admin).send({
      title_ru: 'Новости',
      description_ru: 'Текст',
      title_uz: 'Yangiliklar',
      description_uz: 'Matn',
    });
    expect(sent.status).toBe(200);
    const open = async (lang: string) =>
      (await t.http().get(`/messages/${sent.body.id}`).set(m.auth).set('Accept-Language', lang))
        .body;
    expect(await open('uz')).toMatchObject({ title: 'Yangiliklar', description: 'Matn' });
    expect(await open('ru')).toMatchObject({ title: 'Новости', description: 'Текст' });
    expect(await open('en')).toMatchObject({ title: 'Новости', description: 'Текст' });
    // A title without its text (or none at all) is refused, naming the field.
    const half = await t
      .http()
      .post('/admin/messages')
      .set(admin)
      .send({ title_en: 'Title', description_ru: 'Текст', title_ru: 'Заголовок' });
    expect(half.status).toBe(422);
    expect(half.body.detail.map((d: { loc: string[] }) => d.loc[1])).toEqual(['description_en']);
    const empty = await t.http().post('/admin/messages').set(admin).send({});
    expect(empty.status).toBe(422);
    expect(empty.body.code).toBe('VALIDATION_ERROR');
  });

  it('shows banners meant for the reader language and those for everyone', async () => {
    const add = (lang?: string) => {
      let req = t.http().post('/admin/banners').set(admin).field('link', '/about');
      if (lang) req = req.field('lang', lang);
      return req.attach('image', PNG, 'b.png').expect(200);
    };
    const common = (await add()).body.at(-1);
    const uz = (await add('uz')).body.at(-1);
    expect(common.lang).toBeNull();
    expect(uz.lang).toBe('uz');
    const seen = async (lang: string) =>
      (await t.http().get('/site').set('Accept-Language', lang)).body.banners.map(
        (b: { id: number }) => b.id,
      );
    expect(await seen('uz')).toEqual(expect.arrayContaining([common.id, uz.id]));
    // Russian has none of its own, so Russian readers get the fallback's: the first of ru, en, uz written.
    expect(await seen('ru')).toEqual(expect.arrayContaining([common.id, uz.id]));
    const ru = (await add('ru')).body.at(-1);
    expect(await seen('ru')).toEqual(expect.arrayContaining([common.id, ru.id]));
    expect(await seen('ru')).not.toContain(uz.id);
    expect(await seen('en')).not.toContain(uz.id);
    expect(await seen('en')).toContain(ru.id);
    const bad = await t
      .http()
      .post('/admin/banners')
      .set(admin)
      .field('lang', 'de')
      .attach('image', PNG, 'b.png');
    expect(bad.status).toBe(422);
    for (const banner of [common, uz, ru]) {
      await t.http().delete(`/admin/banners/${banner.id}`).set(admin).expect(200);
    }
  });

  it('picks the home strip by Accept-Language: own, else the common one, else Russian', async () => {
    const before = (await t.http().get('/admin/settings').set(admin)).body;
    await t
      .http()
      .put('/admin/settings')
      .set(admin)
      .send({ ...before, main_message: '', main_message_ru: 'Привет', main_message_uz: 'Salom' })
      .expect(200);
    const strip = async (lang: string) =>
      (await t.http().get('/messages/main').set('Accept-Language', lang)).body.message;
    expect(await strip('uz')).toBe('Salom');
    expect(await strip('ru')).toBe('Привет');
    expect(await strip('en')).toBe('Привет');
    // The query's lang wins over the header (older clients send it).
    expect(
      (await t.http().get('/messages/main?lang=uz').set('Accept-Language', 'ru')).body,
    ).toEqual({ message: 'Salom' });
    await t.http().put('/admin/settings').set(admin).send(before).expect(200);
  });

  it('mails codes in the language of the request that asks for them', async () => {
    const expected = {
      ru: { subject: /^Ваш код: \d{6}$/, text: /действует 10 минут\./ },
      en: { subject: /^Your code: \d{6}$/, text: /works for 10 minutes\./ },
      uz: { subject: /^Sizning kodingiz: \d{6}$/, text: /10 daqiqa amal qiladi/ },
    };
    for (const [lang, words] of Object.entries(expected)) {
      const m = await member(t);
      const address = `lang-${lang}-${m.id}@example.test`;
      const sent = smtp.mails.length;
      await t
        .http()
        .post('/users/mail/code')
        .set(m.auth)
        .set('Accept-Language', lang)
        .send({ mail: address })
        .expect(200);
      const code = await smtp.codeFor(address, sent);
      const mail = smtp.mails.slice(sent).find((x) => x.to.includes(address))!;
      expect(mail.subject).toMatch(words.subject);
      expect(mail.subject).toContain(code);
      expect(mail.text).toMatch(words.text);
      expect(mail.html).toContain(`<html lang="${lang}">`);
      expect(mail.html).toContain(code);
      await t.http().post('/users/mail').set(m.auth).send({ mail: address, code }).expect(200);

      const before = smtp.mails.length;
      await t
        .http()
        .post('/password/forgot')
        .set('Accept-Language', lang)
        .send({ email: m.phone })
        .expect(200);
      await smtp.codeFor(address, before);
      const reset = smtp.mails.slice(before).find((x) => x.to.includes(address))!;
      expect(reset.subject).toMatch(
        { ru: /^Код для сброса пароля/, en: /^Password reset code/, uz: /^Parolni tiklash kodi/ }[
          lang as 'ru'
        ],
      );
    }
  });
});
