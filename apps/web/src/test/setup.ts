import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import uz from '../locales/uz.json';
import adminEn from '../locales/admin/en.json';
import adminRu from '../locales/admin/ru.json';
import adminUz from '../locales/admin/uz.json';
import { i18n } from '../lib/i18n';

// The app fetches a language when chosen; tests have all three at hand.
i18n.addResourceBundle('ru', 'translation', { ...ru, admin: adminRu });
i18n.addResourceBundle('en', 'translation', { ...en, admin: adminEn });
i18n.addResourceBundle('uz', 'translation', { ...uz, admin: adminUz });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
