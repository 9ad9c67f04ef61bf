import type common from '../i18n/en/common.json';

/** A screen with a title and description under `pages.<key>` in the common catalog. */
export type PageKey = keyof (typeof common)['pages'];
