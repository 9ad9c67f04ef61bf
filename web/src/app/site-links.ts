// Where the footer's outside links go. The marketing pages (about, careers, blog, ...)
// are routes of this app; the social profiles and the translate site are set here.

/** The translator itself; this app serves it at its root unless a separate site is configured at build time. */
export const TRANSLATE_SITE_URL: string = import.meta.env.VITE_TRANSLATE_SITE_URL || '/';

export type SocialNetwork = 'x' | 'linkedin' | 'facebook' | 'instagram' | 'youtube';

/** Lisan's public profiles (placeholders until the real handles are known; see the lead's notes). */
export const SOCIAL_LINKS: ReadonlyArray<{ network: SocialNetwork; href: string }> = [
  { network: 'linkedin', href: 'https://www.linkedin.com/company/lisan-translate' },
  { network: 'x', href: 'https://x.com/lisantranslate' },
  { network: 'facebook', href: 'https://www.facebook.com/lisantranslate' },
  { network: 'instagram', href: 'https://www.instagram.com/lisantranslate' },
  { network: 'youtube', href: 'https://www.youtube.com/@lisantranslate' },
];

/** The size of the human translation network (home and the request form), formatted per language. */
export const LINGUISTS = 35_000;
