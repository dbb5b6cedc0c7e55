import { type TestApp, me, member, startApp } from '../support/harness';

/**
 * POST /users/nickname (issue 36 case 6): a nickname shows what it says and
 * does not read as staff. Hidden characters are a validation error (422),
 * a staff name is 400 NICKNAME_RESERVED; ordinary names in Russian, Uzbek
 * and English are kept as written.
 */
describe('POST /users/nickname: no hidden characters, no staff names', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(() => t.close());

  const setNickname = async (auth: Record<string, string>, nickname: string) =>
    t.http().post('/users/nickname').set(auth).send({ nickname });

  it('keeps ordinary names in Russian, Uzbek and English', async () => {
    const m = await member(t);
    for (const nickname of [
      'Дилшод',
      "O'tkir",
      'Anna-Maria',
      'Ёқубжон',
      'Ahmad Mingboyev',
      'Zoë',
    ]) {
      const res = await setNickname(m.auth, nickname);
      expect({ nickname, status: res.status }).toEqual({ nickname, status: 200 });
      expect((await me(t, m)).nickname).toBe(nickname);
    }
  });

  it('refuses zero-width, bidirectional and format characters and bare combining marks (422)', async () => {
    const m = await member(t);
    await setNickname(m.auth, 'Before').then((res) => expect(res.status).toBe(200));
    for (const nickname of [
      'Sup\u200bport',
      'Anna\u200d',
      '\u202eanna',
      'Anna\u2066x\u2069',
      'An\u00adna',
      'Anna\u200f',
      '\u0301Anna',
      'Anna \u0301',
      `Z${'\u0301\u0316\u0360'.repeat(4)}algo`,
      'Ab\u3164cd',
    ]) {
      const res = await setNickname(m.auth, nickname);
      expect({ nickname, status: res.status, code: res.body.code }).toEqual({
        nickname,
        status: 422,
        code: 'VALIDATION_ERROR',
      });
      expect(res.body.detail).toEqual([
        {
          loc: ['body', 'nickname'],
          msg: 'Invisible or control characters are not allowed',
          type: 'value_error.hasNoHiddenCharacters',
        },
      ]);
    }
    expect((await me(t, m)).nickname).toBe('Before');
  });

  it('refuses names that read as staff in any look-alike spelling (400 NICKNAME_RESERVED)', async () => {
    const m = await member(t);
    for (const nickname of [
      'admin',
      '\u0410dmin', // Cyrillic А
      'ADM1N',
      '4dm!n',
      'a d m i n',
      'Sup-port',
      'supp\u03bfrt', // Greek ο
      'Администратор',
      'Служба поддержки',
      'm0derat0r',
      'ｓｕｐｐｏｒｔ',
      'ᴀᴅᴍɪɴ',
      'The Admin Team',
    ]) {
      const res = await setNickname(m.auth, nickname);
      expect({ nickname, status: res.status, body: res.body }).toEqual({
        nickname,
        status: 400,
        body: { detail: 'This nickname is reserved for the club staff', code: 'NICKNAME_RESERVED' },
      });
    }
    expect((await me(t, m)).nickname).toBeNull();
  });
});
