import { describe, expect, it } from 'vitest';
import { UZ_OKINA, UZ_TUTUQ, toUzbekApostrophes, uzbekApostropheSlips } from './uzbek';

describe('one apostrophe form for Uzbek', () => {
  it('writes oʻ and gʻ with U+02BB and the tutuq belgisi with U+02BC, whatever was typed', () => {
    expect(toUzbekApostrophes("O'zbekiston bog'i, ma'lumot va e’lon: to‘lov `so`z")).toBe(
      `O${UZ_OKINA}zbekiston bog${UZ_OKINA}i, ma${UZ_TUTUQ}lumot va e${UZ_TUTUQ}lon: to${UZ_OKINA}lov \`so${UZ_OKINA}z`,
    );
  });

  it('writes a word-final oʻ and gʻ too (bogʻ, togʻ), but not the closing half of quotes', () => {
    expect(toUzbekApostrophes("bog' va tog‘.")).toBe(`bog${UZ_OKINA} va tog${UZ_OKINA}.`);
    expect(toUzbekApostrophes("'Kino' tugmasi")).toBe("'Kino' tugmasi");
  });

  it('leaves quotes, placeholders and other languages alone', () => {
    for (const text of ["'Tasdiqlash' tugmasini bosing", '{{amount}} USDT', "don't", 'Привет']) {
      expect(toUzbekApostrophes(text)).toBe(text.replace("n't", `n${UZ_TUTUQ}t`));
    }
  });

  it('finds every mixed form, and none in a text written in the one form', () => {
    expect(uzbekApostropheSlips(`Toʻlov maʼlumoti`)).toEqual([]);
    expect(uzbekApostropheSlips("Toʻlov va yo'l")).toHaveLength(1);
    expect(uzbekApostropheSlips('bo‘lim, e’lon, ta`lim, oʼrta, maʻno, bog‘')).toHaveLength(6);
  });
});
