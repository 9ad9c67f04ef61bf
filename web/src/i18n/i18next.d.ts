// Types the translation keys, so `t('nav.pricing')` is checked against the English catalogs.
import 'i18next';
import type billing from './en/billing.json';
import type account from './en/account.json';
import type admin from './en/admin.json';
import type analytics from './en/analytics.json';
import type auth from './en/auth.json';
import type common from './en/common.json';
import type content from './en/content.json';
import type dashboard from './en/dashboard.json';
import type developer from './en/developer.json';
import type documents from './en/documents.json';
import type home from './en/home.json';
import type messages from './en/messages.json';
import type requests from './en/requests.json';
import type history from './en/history.json';
import type home from './en/home.json';
import type messages from './en/messages.json';
import type translate from './en/translate.json';
import type team from './en/team.json';
import type glossary from './en/glossary.json';
import type websites from './en/websites.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      billing: typeof billing;
      admin: typeof admin;
      account: typeof account;
      auth: typeof auth;
      common: typeof common;
      developer: typeof developer;
      documents: typeof documents;
      home: typeof home;
      messages: typeof messages;
      content: typeof content;
      dashboard: typeof dashboard;
      requests: typeof requests;
      analytics: typeof analytics;
      history: typeof history;
      home: typeof home;
      messages: typeof messages;
      translate: typeof translate;
      team: typeof team;
      glossary: typeof glossary;
      websites: typeof websites;
    };
  }
}
