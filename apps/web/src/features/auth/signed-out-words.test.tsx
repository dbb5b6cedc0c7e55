import { describe, expect, it } from 'vitest';
import { act, fireEvent, render } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { ComponentType } from 'react';
import en from '../../locales/en.json';
import ru from '../../locales/ru.json';
import uz from '../../locales/uz.json';
import { ToastProvider } from '../../components/ui/toast';
import { ForgotPage } from './forgot-page';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { ResetPage } from './reset-page';
import { SupportPage } from './support-page';
import { createQueryClient } from '../../lib/query-client';

const parts = {
  en: [
    () => import('../../locales/en.json?signed-out'),
    () => import('../../locales/en.json?member'),
  ],
  ru: [
    () => import('../../locales/ru.json?signed-out'),
    () => import('../../locales/ru.json?member'),
  ],
  uz: [
    () => import('../../locales/uz.json?signed-out'),
    () => import('../../locales/uz.json?member'),
  ],
} as const;

/** Text that looks like one of our keys ("auth.signIn"): a word nobody translated. */
const RAW_KEY = new RegExp(`\\b(${Object.keys(en).join('|')})\\.[a-zA-Z]`);

describe('the language files in two parts (locale-parts-plugin.ts)', () => {
  it.each([
    ['en', en],
    ['ru', ru],
    ['uz', uz],
  ] as const)(
    '%s: the signed-out and member parts are the whole file, without overlap',
    async (lng, whole) => {
      const [signedOut, member] = await Promise.all(parts[lng].map((load) => load()));
      const outKeys = Object.keys(signedOut.default);
      const memberKeys = Object.keys(member.default);
      expect(outKeys.filter((key) => memberKeys.includes(key))).toEqual([]);
      expect({ ...signedOut.default, ...member.default }).toEqual(whole);
      expect(outKeys.sort()).toEqual(['auth', 'common', 'errors', 'support', 'validation']);
    },
  );

  it.each([
    ['/login', LoginPage],
    ['/register', RegisterPage],
    ['/forgot', ForgotPage],
    ['/reset', ResetPage],
    ['/support', SupportPage],
  ] as [string, ComponentType][])(
    '%s shows only words of the signed-out part, before and after a failed submit',
    async (path, Page) => {
      const { default: words } = await parts.en[0]();
      const i18n = createInstance();
      await i18n.use(initReactI18next).init({
        lng: 'en',
        fallbackLng: false,
        resources: { en: { translation: words } },
        interpolation: { escapeValue: false },
      });
      const { container } = render(
        <I18nextProvider i18n={i18n}>
          <QueryClientProvider client={createQueryClient()}>
            <ToastProvider>
              <MemoryRouter initialEntries={[path]}>
                <Page />
              </MemoryRouter>
            </ToastProvider>
          </QueryClientProvider>
        </I18nextProvider>,
      );
      // Each text node and labelling attribute on a line of its own.
      const shown = () => {
        const texts: string[] = [];
        const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
        while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
        for (const node of Array.from(container.querySelectorAll('*'))) {
          for (const name of ['placeholder', 'aria-label', 'title', 'alt']) {
            texts.push(node.getAttribute(name) ?? '');
          }
        }
        return texts.join('\n');
      };
      expect(shown()).not.toMatch(RAW_KEY);
      const inputs = container.querySelectorAll('input');
      inputs.forEach((input) => fireEvent.change(input, { target: { value: '' } }));
      await act(async () => fireEvent.submit(container.querySelector('form')!));
      expect(container.querySelectorAll('[role=alert]').length).toBeGreaterThan(0);
      expect(shown()).not.toMatch(RAW_KEY);
    },
  );
});
