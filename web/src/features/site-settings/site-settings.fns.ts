import type { Language, SiteSetting } from '../../api/types';

/** Site settings by name (GET /api/site-settings rows folded into one object). */
export type SiteSettingsMap = Readonly<Record<string, string>>;

export function toSettingsMap(rows: readonly SiteSetting[] | null | undefined): SiteSettingsMap {
  const settings: Record<string, string> = {};
  for (const row of rows ?? []) {
    if (row && typeof row.setting_name === 'string') settings[row.setting_name] = row.setting_value ?? '';
  }
  return settings;
}

/** A setting as a number, or the fallback when it is missing, empty or not a number. */
export function numericSetting(settings: SiteSettingsMap | undefined, name: string, fallback: number): number {
  const raw = settings?.[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  return Number.isFinite(value) ? value : fallback;
}

export interface WebinarAnnouncement {
  /** The same in both languages: dismissing the banner in one language dismisses it in the other. */
  id: string;
  text: string;
  link: string | null;
}

/** Only web and site-relative links are followed; a stored "javascript:" link would run script. */
function safeLink(value: string | undefined): string | null {
  const link = value?.trim();
  if (!link) return null;
  return /^https?:\/\//i.test(link) || (link.startsWith('/') && !link.startsWith('//')) ? link : null;
}

/** The webinar banner of the active language (webinar_text_en / webinar_link_en, or the _ar pair); null when its text is empty. */
export function webinarFor(settings: SiteSettingsMap | undefined, language: Language): WebinarAnnouncement | null {
  const text = settings?.[`webinar_text_${language}`]?.trim();
  if (!text) return null;
  const id = `${settings?.webinar_text_en?.trim() ?? ''}\n${settings?.webinar_text_ar?.trim() ?? ''}`;
  return { id, text, link: safeLink(settings?.[`webinar_link_${language}`]) };
}

/** The legal texts of the active language; the English terms are stored without a suffix. */
export function legalTextFor(settings: SiteSettingsMap | undefined, document: 'terms' | 'privacy', language: Language): string {
  const name =
    document === 'terms'
      ? language === 'en'
        ? 'terms_conditions'
        : 'terms_conditions_ar'
      : `privacy_policy_${language}`;
  return settings?.[name]?.trim() ?? '';
}

/**
 * The admin's choices of payment gateway: the gateways set up on the server, and the stored one
 * when it is not (a gateway whose keys were removed, the sandbox in production), marked so; the
 * select then shows what is stored instead of seeming to have chosen another gateway, or nothing.
 */
export function gatewayChoices(configured: readonly string[], stored: string | undefined): Array<{ id: string; setUp: boolean }> {
  const choices = configured.map((id) => ({ id, setUp: true }));
  return stored && !configured.includes(stored) ? [{ id: stored, setUp: false }, ...choices] : choices;
}

/**
 * What the site settings form sends: every setting, the payment gateway only when the admin
 * changed it, so a stored gateway that is no longer set up (which the server refuses to be
 * chosen) does not stop the guest limits or the legal texts from being saved.
 */
export function siteSettingsToSave(values: SiteSettingsMap, stored: SiteSettingsMap): Record<string, string> {
  const { payment_gateway: gateway, ...rest } = values;
  return gateway === undefined || gateway === stored.payment_gateway ? rest : { ...rest, payment_gateway: gateway };
}
