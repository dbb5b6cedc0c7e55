/**
 * What a nickname may be beyond its length (issue 36): it must show what it
 * says, and must not read as the club's staff. The API (POST
 * /users/nickname) and the profile form apply the same two rules.
 *
 * - Hidden characters (422): format characters (Unicode Cf: zero-width
 *   spaces and joiners, bidirectional overrides and isolates, the soft
 *   hyphen, tags), controls, line and paragraph separators, private-use and
 *   unassigned code points, invisible fillers that are letters or symbols
 *   on paper (Hangul fillers, the blank braille cell), variation selectors,
 *   and combining marks with nothing to sit on (at the start, after a space
 *   or a sign) or stacked more than MAX_MARKS_IN_A_ROW high.
 * - Staff names (400 NICKNAME_RESERVED): "admin", "support", "moderator",
 *   "operator", "администратор", "поддержка"... read through what makes
 *   them look alike: case, compatibility forms (fullwidth, mathematical
 *   letters), accents, Cyrillic, Greek and small-capital look-alikes,
 *   digits and signs for letters (0 o, 1 l i, 3 e, 4 a, 5 s, @ a, $ s),
 *   doubled letters, and spaces or separators between the letters.
 */

/** Vietnamese stacks two marks on a letter; three leaves room for other scripts, not for "Zalgo". */
export const MAX_MARKS_IN_A_ROW = 3;

/** Characters that show nothing (the invisible marks apart: a class must not mix them with letters). */
const HIDDEN = /[\p{Cf}\p{Cc}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u115F\u1160\u3164\uFFA0\u2800]/u;
/** The combining grapheme joiner and the variation selectors: marks that show nothing either. */
const INVISIBLE_MARKS = /\u034F|[\uFE00-\uFE0F]|[\u{E0100}-\u{E01EF}]/u;
const MARK = /\p{M}/u;
const BASE = /[\p{L}\p{N}]/u;

/** Whether the nickname hides characters (the 422 rule). */
export function hasHiddenCharacters(value: string): boolean {
  const text = value.normalize('NFC');
  if (HIDDEN.test(text) || INVISIBLE_MARKS.test(text)) return true;
  let marks = 0;
  let base = false;
  for (const char of text) {
    if (MARK.test(char)) {
      marks += 1;
      if (!base || marks > MAX_MARKS_IN_A_ROW) return true;
    } else {
      marks = 0;
      base = BASE.test(char);
    }
  }
  return false;
}

/** Signs and digits read as letters (before separators are dropped, so they count). */
const SIGNS: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'i',
  '€': 'e',
};

/** Letters of other scripts (lowercased) that look like a Latin one. */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  г: 'r',
  е: 'e',
  ё: 'e',
  з: '3',
  и: 'u',
  й: 'u',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  п: 'n',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ь: 'b',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ӏ: 'l',
  һ: 'h',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  ў: 'y',
  қ: 'k',
  ҳ: 'x',
  ғ: 'f',
  // Greek
  α: 'a',
  β: 'b',
  γ: 'y',
  δ: 'd',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  π: 'n',
  ρ: 'p',
  σ: 'o',
  ς: 'c',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  ϳ: 'j',
  // Latin letters NFD leaves whole, and small capitals
  ı: 'i',
  ȷ: 'j',
  ɡ: 'g',
  ɑ: 'a',
  ɩ: 'i',
  ø: 'o',
  đ: 'd',
  ħ: 'h',
  ł: 'l',
  ŧ: 't',
  ß: 'ss',
  ᴀ: 'a',
  ʙ: 'b',
  ᴄ: 'c',
  ᴅ: 'd',
  ᴇ: 'e',
  ɢ: 'g',
  ʜ: 'h',
  ɪ: 'i',
  ᴊ: 'j',
  ᴋ: 'k',
  ʟ: 'l',
  ᴍ: 'm',
  ɴ: 'n',
  ᴏ: 'o',
  ᴘ: 'p',
  ʀ: 'r',
  ꜱ: 's',
  ᴛ: 't',
  ᴜ: 'u',
  ᴠ: 'v',
  ᴡ: 'w',
  ʏ: 'y',
  ᴢ: 'z',
};

/** How Cyrillic (Russian, Uzbek) reads in Latin letters: "админ" is "admin". */
const SOUNDS: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  ў: 'o',
  қ: 'q',
  ғ: 'g',
  ҳ: 'h',
  і: 'i',
  ї: 'i',
  є: 'e',
  ґ: 'g',
};

/** One letter of a name as read, and where it stands among the name's words. */
interface Letter {
  char: string;
  /** The words it comes from (two when a doubled letter spans a space: "sup port"). */
  firstWord: number;
  lastWord: number;
  startsWord: boolean;
  endsWord: boolean;
}

const merge = (a: Letter, b: Letter, char: string): Letter => ({
  char,
  firstWord: a.firstWord,
  lastWord: b.lastWord,
  startsWord: a.startsWord,
  endsWord: b.endsWord,
});

/**
 * A name's letters as read through `letters` (look-alikes or sounds):
 * compatibility forms folded, lowercased, accents dropped, signs read as
 * letters; l and i (and 1, |, !) one letter, "rn" an m, "vv" a w, a doubled
 * letter one, even across a space. Everything else separates words.
 */
function lettersOf(value: string, letters: Record<string, string>): Letter[] {
  const read: Letter[] = [];
  let word = 0;
  let inWord = false;
  const folded = value.normalize('NFKC').toLowerCase().normalize('NFD');
  for (const char of folded) {
    if (MARK.test(char)) continue;
    const reading = (SIGNS[char] ?? letters[char] ?? char).replace(/l/g, 'i');
    if (!/^[\p{L}\p{N}]+$/u.test(reading)) {
      if (inWord) read[read.length - 1].endsWord = true;
      if (inWord) word += 1;
      inWord = false;
      continue;
    }
    for (const [i, one] of [...reading].entries()) {
      read.push({
        char: one,
        firstWord: word,
        lastWord: word,
        startsWord: !inWord && i === 0,
        endsWord: false,
      });
    }
    inWord = true;
  }
  if (inWord) read[read.length - 1].endsWord = true;
  const flat: Letter[] = [];
  for (const letter of read) {
    const last = flat.at(-1);
    if (last && last.char === letter.char) flat[flat.length - 1] = merge(last, letter, last.char);
    else if (last && last.char + letter.char === 'rn')
      flat[flat.length - 1] = merge(last, letter, 'm');
    else if (last && last.char + letter.char === 'vv')
      flat[flat.length - 1] = merge(last, letter, 'w');
    else flat.push(letter);
    // "rn" or "vv" read as one letter may now double the one before it.
    const [before, now] = flat.slice(-2);
    if (flat.length >= 2 && before.char === now.char)
      flat.splice(-2, 2, merge(before, now, now.char));
  }
  return flat;
}

const text = (letters: Letter[]) => letters.map((l) => l.char).join('');

/** The name's words as read, each on its own. */
function wordsOf(letters: Letter[]): string[] {
  const words: string[] = [];
  for (const letter of letters) {
    if (letter.startsWord || words.length === 0) words.push('');
    words[words.length - 1] += letter.char;
  }
  return words;
}

/** Read as staff wherever they stand in a name (in one word, or spread over several). */
const STAFF_WORDS = [
  'admin',
  'administrator',
  'administration',
  'support',
  'moderator',
  'operator',
  'helpdesk',
  // Stems: every case of the word ("служба поддержки", "поддержку").
  'podderzhk',
  'sapport',
  "qo'llab-quvvatlash",
  'админ',
  'администратор',
  'администрация',
  'модератор',
  'оператор',
  'поддержк',
  'саппорт',
];
/** Read as staff only as a whole word ("Staff", "Mod"), not inside one ("Staffan", "Modest"). */
const STAFF_WHOLE_WORDS = ['staff', 'mod', 'official', 'sysadmin', 'root', 'персонал'];

const readings = (word: string) => [
  text(lettersOf(word, LOOK_ALIKES)),
  text(lettersOf(word, SOUNDS)),
];
const STAFF_READINGS = [...new Set(STAFF_WORDS.flatMap(readings))].filter(Boolean);
const STAFF_WHOLE_READINGS = new Set(STAFF_WHOLE_WORDS.flatMap(readings));

/**
 * Whether a staff word shows in the letters, unless it merely spans the end
 * of one word and the start of another: "Ad min" and "TheAdmin" read as
 * staff, "Ahmad Mingboyev" (ahmAD MINgboyev) does not.
 */
function showsStaffWord(letters: Letter[]): boolean {
  const joined = text(letters);
  for (const staff of STAFF_READINGS) {
    for (let from = joined.indexOf(staff); from >= 0; from = joined.indexOf(staff, from + 1)) {
      const first = letters[from];
      const last = letters[from + staff.length - 1];
      if (first.firstWord === last.lastWord || first.startsWord || last.endsWord) return true;
    }
  }
  return false;
}

/** Whether the nickname reads as the club's staff (the 400 NICKNAME_RESERVED rule). */
export function isReservedNickname(value: string): boolean {
  for (const table of [LOOK_ALIKES, SOUNDS]) {
    const letters = lettersOf(value, table);
    if (letters.length === 0) continue;
    const whole = [text(letters), ...wordsOf(letters)];
    if (whole.some((word) => STAFF_WHOLE_READINGS.has(word)) || showsStaffWord(letters))
      return true;
  }
  return false;
}
