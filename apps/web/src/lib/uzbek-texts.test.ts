import { describe, expect, it } from 'vitest';
import { UZ_OKINA, UZ_TUTUQ, uzbekApostropheSlips } from '@app/domain';
import uz from '../locales/uz.json';
import adminUz from '../locales/admin/uz.json';

/** Every text of a language file, with its key. */
function texts(words: unknown, path = ''): [string, string][] {
  if (typeof words === 'string') return [[path, words]];
  if (words && typeof words === 'object')
    return Object.entries(words).flatMap(([key, inner]) =>
      texts(inner, path ? `${path}.${key}` : key),
    );
  return [];
}

/**
 * Uzbek in one apostrophe form (docs/decisions.md, issue 39): oʻ and gʻ
 * with U+02BB, the tutuq belgisi with U+02BC. A text typed with ' ‘ ’ or `
 * fails here; `pnpm uz:apostrophes` rewrites the files in the one form.
 */
describe('Uzbek texts', () => {
  it.each([
    ['locales/uz.json', uz],
    ['locales/admin/uz.json', adminUz],
  ])('%s writes every oʻ, gʻ and tutuq belgisi in the one form', (_, words) => {
    const slips = texts(words).flatMap(([key, text]) =>
      uzbekApostropheSlips(text).map((slip) => `${key}: …${slip}…`),
    );
    expect(slips).toEqual([]);
  });

  it('fails on a mixed form', () => {
    expect(
      texts({ a: "Toʻlov va yo'l", b: 'bogʻ' }).flatMap(([, t]) => uzbekApostropheSlips(t)),
    ).toHaveLength(1);
    expect(uzbekApostropheSlips(`Yo${UZ_OKINA}l, ma${UZ_TUTUQ}lumot`)).toEqual([]);
  });

  it('has no English product words where Uzbek has its own', () => {
    const english = texts(uz).filter(([, text]) => /E-Wallet|RegisterPoints/.test(text));
    expect(english.map(([key]) => key)).toEqual([]);
  });
});
