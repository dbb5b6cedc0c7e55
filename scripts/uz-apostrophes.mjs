#!/usr/bin/env node
// Writes every Uzbek text of the web client's locales in the one apostrophe
// form (libs/domain uzbek.ts: oʻ gʻ with U+02BB, the tutuq belgisi with
// U+02BC). Run after merging new texts: `pnpm uz:apostrophes`. The web test
// src/lib/uzbek-texts.test.ts fails while any text departs from it.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toUzbekApostrophes } from '../libs/domain/dist/uzbek.js';

const FILES = ['apps/web/src/locales/uz.json', 'apps/web/src/locales/admin/uz.json'];
const root = fileURLToPath(new URL('..', import.meta.url));

const convert = (value) =>
  typeof value === 'string'
    ? toUzbekApostrophes(value)
    : value && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, convert(inner)]))
      : value;

for (const file of FILES) {
  const path = root + file;
  const before = readFileSync(path, 'utf8');
  const after = `${JSON.stringify(convert(JSON.parse(before)), null, 2)}\n`;
  if (after !== before) writeFileSync(path, after);
  console.log(`${file}: ${after === before ? 'already in the one form' : 'rewritten'}`);
}
