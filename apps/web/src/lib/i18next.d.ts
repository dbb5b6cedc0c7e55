import 'i18next';
import type ru from '../locales/ru.json';
import type adminRu from '../locales/admin/ru.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The operator area's words come in their own chunk (lib/i18n.ts), under `admin`.
    resources: { translation: typeof ru & { admin: typeof adminRu } };
  }
}
