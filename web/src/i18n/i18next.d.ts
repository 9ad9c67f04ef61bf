// Types the translation keys, so `t('nav.pricing')` is checked against the English catalogs.
import 'i18next';
import type common from './en/common.json';
import type documents from './en/documents.json';
import type home from './en/home.json';
import type messages from './en/messages.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      documents: typeof documents;
      home: typeof home;
      messages: typeof messages;
    };
  }
}
