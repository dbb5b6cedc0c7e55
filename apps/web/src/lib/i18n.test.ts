import { describe, expect, it } from 'vitest';
import { ValidationMessage } from '@app/domain';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import uz from '../locales/uz.json';
import adminEn from '../locales/admin/en.json';
import adminRu from '../locales/admin/ru.json';
import adminUz from '../locales/admin/uz.json';
import { LANG_KEY, i18n, setLanguage } from './i18n';

function keys(value: unknown, prefix = ''): string[] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

describe('translations', () => {
  it('en and uz have exactly the keys of ru', () => {
    const reference = keys(ru).sort();
    expect(keys(en).sort()).toEqual(reference);
    expect(keys(uz).sort()).toEqual(reference);
  });

  it("the operator area's words: en and uz have exactly the keys of ru", () => {
    const reference = keys(adminRu).sort();
    expect(keys(adminEn).sort()).toEqual(reference);
    expect(keys(adminUz).sort()).toEqual(reference);
  });

  it('has no empty strings', () => {
    for (const resource of [ru, en, uz, adminRu, adminEn, adminUz]) {
      for (const key of keys(resource)) {
        const value = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], resource);
        expect(typeof value === 'string' && value.trim().length > 0, key).toBe(true);
      }
    }
  });

  it('translates every validation message of the domain', () => {
    for (const name of Object.keys(ValidationMessage)) {
      expect(Object.keys(ru.validation)).toContain(name);
    }
  });

  it('persists the language under "lang" and sets <html lang>', async () => {
    await setLanguage('uz');
    expect(i18n.language).toBe('uz');
    expect(localStorage.getItem(LANG_KEY)).toBe('uz');
    expect(document.documentElement.lang).toBe('uz');
    await setLanguage('ru');
    expect(document.documentElement.lang).toBe('ru');
  });
});
