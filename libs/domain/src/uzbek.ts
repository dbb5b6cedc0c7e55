/**
 * One apostrophe form for Uzbek in the Latin alphabet (issue 39,
 * docs/decisions.md): ʻ (U+02BB, modifier letter turned comma) in oʻ and gʻ,
 * ʼ (U+02BC, modifier letter apostrophe) for the tutuq belgisi (maʼlumot,
 * eʼlon). Both are letters to Unicode, so a word stays one word for line
 * breaks, selection and search, which ' ‘ ’ and ` are not.
 */
export const UZ_OKINA = '\u02BB';
export const UZ_TUTUQ = '\u02BC';

/** Every character people type for either sign. */
const SIGNS = "'`\u2018\u2019\u02BB\u02BC\u00B4";
const LETTER = 'A-Za-z\u00C0-\u024F';
/** A sign after a letter and before one: o‘/g‘ or a tutuq belgisi, never a quote. */
const SIGN_IN_WORD = new RegExp(`([${LETTER}])[${SIGNS}](?=[${LETTER}])`, 'g');

const isOkinaLetter = (letter: string) => /[oOgG]/.test(letter);

/** The text with every oʻ, gʻ and tutuq belgisi in the one form; quotes and other text untouched. */
export function toUzbekApostrophes(text: string): string {
  return text.replace(
    SIGN_IN_WORD,
    (_, letter: string) => letter + (isOkinaLetter(letter) ? UZ_OKINA : UZ_TUTUQ),
  );
}

/** The places (a few characters around each) where a text departs from the one form; empty when none. */
export function uzbekApostropheSlips(text: string): string[] {
  const slips: string[] = [];
  for (const match of text.matchAll(SIGN_IN_WORD)) {
    const [whole, letter] = match;
    const wanted = isOkinaLetter(letter) ? UZ_OKINA : UZ_TUTUQ;
    if (whole[1] === wanted) continue;
    const at = match.index;
    slips.push(text.slice(Math.max(0, at - 6), at + 8));
  }
  return slips;
}
