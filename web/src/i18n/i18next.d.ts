// Types the translation keys, so `t('nav.pricing')` is checked against the English catalogs.
import 'i18next';
import type admin from './en/admin.json';
import type common from './en/common.json';
import type history from './en/history.json';
import type home from './en/home.json';
import type messages from './en/messages.json';
import type translate from './en/translate.json';
import type team from './en/team.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      common: typeof common;
      history: typeof history;
      home: typeof home;
      messages: typeof messages;
      translate: typeof translate;
      team: typeof team;
    };
  }
}
