// Types the translation keys, so `t('nav.pricing')` is checked against the English catalogs.
import 'i18next';
import type admin from './en/admin.json';
import type common from './en/common.json';
import type home from './en/home.json';
import type messages from './en/messages.json';
import type team from './en/team.json';
import type websites from './en/websites.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      admin: typeof admin;
      common: typeof common;
      home: typeof home;
      messages: typeof messages;
      team: typeof team;
      websites: typeof websites;
    };
  }
}
