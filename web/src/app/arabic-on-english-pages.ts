// The Arabic that English pages show by design, each text with the weight styles.css draws it in.
// The build (web/font-subsets.ts) cuts exactly these characters out of IBM Plex Sans Arabic at
// those weights, into the family 'IBM Plex Sans Arabic Subset' that styles.css gives these
// elements on English pages: a few kilobytes instead of the whole Arabic font (about 45 kB a
// weight). Arabic pages draw them from the whole font, which they load anyway.

import english from '../i18n/en/common.json';
import { BRAND_NAMES, LANGUAGE_NAMES } from '../i18n/locale';
import { HERO_SAMPLE } from '../features/home/hero-sample';

export interface FixedArabicText {
  text: string;
  /** The font-weight styles.css gives the element. */
  weight: 400 | 600 | 700;
  /** Where it is shown: the elements styles.css gives the subset to. */
  where: string;
}

export const ARABIC_ON_ENGLISH_PAGES: readonly FixedArabicText[] = [
  { text: BRAND_NAMES.ar, weight: 700, where: 'the logo (.logo, .site-footer__logo)' },
  { text: english.language.switchLabel, weight: 600, where: 'the language switch (.language-switch)' },
  { text: HERO_SAMPLE.ar, weight: 400, where: "the home page's sample translation (.hero__sample)" },
  { text: LANGUAGE_NAMES.ar, weight: 400, where: "the account page's interface-language choice (option[lang='ar'])" },
];
