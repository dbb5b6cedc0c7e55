import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import en from '../locales/en.json';
import ru from '../locales/ru.json';
import uz from '../locales/uz.json';
import { i18n } from '../lib/i18n';

// The app fetches a language when chosen; tests have all three at hand.
i18n.addResourceBundle('ru', 'translation', ru);
i18n.addResourceBundle('en', 'translation', en);
i18n.addResourceBundle('uz', 'translation', uz);

afterEach(() => {
  cleanup();
  localStorage.clear();
});
