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
/**
 * A sign after a letter: inside a word (maʼlumot, oʻn) or closing one after
 * o or g (bogʻ, togʻ). A sign after other letters at a word's end is a
 * quote or an apostrophe of another language, left alone.
 */
const SIGN_AFTER_LETTER = new RegExp(
  `([${LETTER}])[${SIGNS}](?=[${LETTER}])|([oOgG])[${SIGNS}](?![${LETTER}])`,
  'g',
);
const isOkinaLetter = (letter: string) => /[oOgG]/.test(letter);

interface Sign {
  at: number;
  /** The sign as typed. */
  typed: string;
  /** The sign it must be. */
  wanted: string;
}

/**
 * Each oʻ, gʻ and tutuq belgisi of a text. A word-final one after o or g
 * whose word opens with the same character is the closing half of quotes
 * ('kino') and not counted.
 */
function signsOf(text: string): Sign[] {
  const signs: Sign[] = [];
  for (const match of text.matchAll(SIGN_AFTER_LETTER)) {
    const letter = match[1] ?? match[2];
    const at = match.index + 1;
    const typed = text[at];
    if (match[2] !== undefined && closesQuote(text, at)) continue;
    signs.push({ at, typed, wanted: isOkinaLetter(letter) ? UZ_OKINA : UZ_TUTUQ });
  }
  return signs;
}

function closesQuote(text: string, at: number): boolean {
  const quote = text[at];
  let start = at;
  while (start > 0 && new RegExp(`[${LETTER}${SIGNS}]`).test(text[start - 1])) start -= 1;
  return text[start] === quote && start < at;
}

/** The text with every oʻ, gʻ and tutuq belgisi in the one form; quotes and other text untouched. */
export function toUzbekApostrophes(text: string): string {
  const chars = [...text.split('')];
  for (const sign of signsOf(text)) chars[sign.at] = sign.wanted;
  return chars.join('');
}

/** The places (a few characters around each) where a text departs from the one form; empty when none. */
export function uzbekApostropheSlips(text: string): string[] {
  return signsOf(text)
    .filter((sign) => sign.typed !== sign.wanted)
    .map((sign) => text.slice(Math.max(0, sign.at - 6), sign.at + 7));
}
