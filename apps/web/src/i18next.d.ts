import 'i18next';
import type en from './locales/en.json';

// Translation keys are typed from en.json: a missing key fails `tsc`, not the user.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
