import { describe, expect, it } from 'vitest';
import { MAX_MARKS_IN_A_ROW, hasHiddenCharacters, isReservedNickname } from './nickname';

/** Real names of members, in Uzbek (Latin and Cyrillic), Russian and English. */
const ORDINARY = [
  'Дилшод',
  "O'tkir",
  'Oʻtkir',
  'Anna-Maria',
  'Мадина',
  'Гулнора',
  'Sardor',
  "Ma'mura",
  'Nodira',
  'Zarina Q',
  'Камила',
  'Жасур 1990',
  'Ahmad Mingboyev',
  'Muhammad Minovar',
  'Staffan',
  'Modest',
  'Ёқубжон',
  'Ғайрат',
  'Nguyễn Thị Ánh',
  'José',
  'Zoë',
  'Müller',
  'Ўткир',
  'Хуршида',
  'Алексей',
  'Olga_88',
];

describe('hasHiddenCharacters: format, zero-width, bidirectional, controls, bare marks', () => {
  it('keeps ordinary names, accents and all', () => {
    for (const name of ORDINARY)
      expect({ name, hidden: hasHiddenCharacters(name) }).toEqual({ name, hidden: false });
    // Decomposed accents on their letters: "й" as и + breve, "ệ" as e + two marks.
    expect(hasHiddenCharacters('Сергеи\u0306')).toBe(false);
    expect(hasHiddenCharacters('Vie\u0323\u0302t')).toBe(false);
  });

  it('refuses zero-width characters and other format characters (Cf)', () => {
    for (const char of [
      '\u200b',
      '\u200c',
      '\u200d',
      '\u2060',
      '\ufeff',
      '\u00ad',
      '\u180e',
      '\u{e0041}',
    ]) {
      expect(hasHiddenCharacters(`Sup${char}port`)).toBe(true);
    }
  });

  it('refuses bidirectional overrides, embeddings, isolates and marks', () => {
    for (const char of [
      '\u202a',
      '\u202b',
      '\u202c',
      '\u202d',
      '\u202e',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200e',
      '\u200f',
      '\u061c',
    ]) {
      expect(hasHiddenCharacters(`Anna${char}nimda`)).toBe(true);
    }
  });

  it('refuses controls, line separators, private use, invisible fillers and variation selectors', () => {
    for (const char of [
      '\n',
      '\t',
      '\u0000',
      '\u007f',
      '\u2028',
      '\u2029',
      '\ue000',
      '\u3164',
      '\u115f',
      '\u2800',
      '\u034f',
      '\ufe0f',
    ]) {
      expect(hasHiddenCharacters(`Ab${char}cd`)).toBe(true);
    }
  });

  it('refuses combining marks with nothing to sit on, or stacked too high', () => {
    expect(hasHiddenCharacters('\u0301Anna')).toBe(true);
    expect(hasHiddenCharacters('Anna \u0301')).toBe(true);
    expect(hasHiddenCharacters('Anna-\u0308x')).toBe(true);
    expect(hasHiddenCharacters(`a${'\u0301'.repeat(MAX_MARKS_IN_A_ROW)}`)).toBe(false);
    expect(hasHiddenCharacters(`Z${'\u0301\u0316\u0360'.repeat(4)}algo`)).toBe(true);
  });
});

describe('isReservedNickname: names that read as staff', () => {
  it('keeps ordinary names', () => {
    for (const name of ORDINARY)
      expect({ name, reserved: isReservedNickname(name) }).toEqual({ name, reserved: false });
  });

  it('refuses the staff words in any case, in English, Russian and Uzbek', () => {
    for (const name of [
      'admin',
      'ADMIN',
      'Administrator',
      'Support',
      'moderator',
      'Operator',
      'Helpdesk',
      'администратор',
      'Админ',
      'Модератор',
      'Поддержка',
      'Техподдержка',
      'Оператор',
      'Саппорт',
      'podderzhka',
      "Qo'llab-quvvatlash",
      'Staff',
      'Mod',
      'Official',
    ]) {
      expect({ name, reserved: isReservedNickname(name) }).toEqual({ name, reserved: true });
    }
  });

  it('sees through look-alike letters of other scripts (Cyrillic, Greek, small capitals, fullwidth, mathematical)', () => {
    for (const name of [
      '\u0410dmin', // Cyrillic А
      'аdміn', // Cyrillic а, і
      '\u0455upport', // Cyrillic ѕ
      'supp\u03bfrt', // Greek ο
      '\u03b1dmin', // Greek α
      'ᴀᴅᴍɪɴ',
      'ｓｕｐｐｏｒｔ',
      '𝐀𝐝𝐦𝐢𝐧',
      'МОDЕRАТОR',
    ]) {
      expect({ name, reserved: isReservedNickname(name) }).toEqual({ name, reserved: true });
    }
  });

  it('sees through accents, digits and signs for letters, doubled letters, rn for m', () => {
    for (const name of [
      'ádmín',
      '4dm1n',
      '@dmin',
      'adm|n',
      'm0derat0r',
      '5upp0rt',
      'suppport',
      'aadmiin',
      'adrnin',
      'Supp0rt 24/7',
    ]) {
      expect({ name, reserved: isReservedNickname(name) }).toEqual({ name, reserved: true });
    }
  });

  it('sees through spaces and separators between the letters, and words around the staff word', () => {
    for (const name of [
      'a d m i n',
      'Ad.min',
      'ad_min',
      'S-u-p-p-o-r-t',
      'sup port',
      'The Admin Team',
      'TheAdmin',
      'admin2024',
      'Club support',
      'Служба поддержки',
      'Тех. поддержка',
    ]) {
      expect({ name, reserved: isReservedNickname(name) }).toEqual({ name, reserved: true });
    }
  });

  it('does not join the end of one name and the start of the next into a staff word', () => {
    // ahmAD MINgboyev: "admin" only across two words, starting and ending inside them.
    expect(isReservedNickname('Ahmad Mingboyev')).toBe(false);
    expect(isReservedNickname('Ahmad Min')).toBe(true);
    expect(isReservedNickname('Ad Mingboyev')).toBe(true);
  });
});
