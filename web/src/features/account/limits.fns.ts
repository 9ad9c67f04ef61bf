import type { User } from '../../api/types';
import { numericSetting, type SiteSettingsMap } from '../site-settings/site-settings.fns';

/** What the current visitor may translate (spec sections 4 and 9). */
export interface Limits {
  isGuest: boolean;
  /** Characters per text translation. */
  charLimit: number;
  /** Text translation requests (per day). */
  requestQuota: number;
  /** Document translation requests. */
  docRequestQuota: number;
  /** Largest document, in MB. */
  maxDocSize: number;
  /** Words per document. */
  docWordsCount: number;
  /** Allowed document formats, lower case, without dots. */
  fileFormats: string[];
  /** Days left of the free trial; null for guests and users without a trial. */
  trialRemainingDays: number | null;
  /** Whether the LLM mode can be used, or why not (the translator shows the reason). */
  llmMode: LlmMode;
}

export type LlmMode = 'available' | 'guest' | 'not_in_plan' | 'disabled_by_team' | 'not_configured';

/** The guest defaults before the site settings load (spec section 9). */
export const GUEST_LIMIT_DEFAULTS = {
  guest_text_quota: 20,
  guest_doc_quota: 2,
  guest_allowed_format: 'docx',
  guest_file_size: 2,
  guest_words_count: 2000,
  guest_doc_words_count: 2000,
} as const;

/** "docx", "DOCX, .pdf" or "docx|xlsx" -> ["docx", "pdf"] */
export function parseFileFormats(value: string): string[] {
  return value
    .split(/[\s,;|]+/)
    .map((format) => format.trim().toLowerCase().replace(/^\./, ''))
    .filter((format) => format !== '');
}

function guestLimits(settings: SiteSettingsMap | undefined): Limits {
  const formats = parseFileFormats(settings?.guest_allowed_format ?? '');
  return {
    isGuest: true,
    charLimit: numericSetting(settings, 'guest_words_count', GUEST_LIMIT_DEFAULTS.guest_words_count),
    requestQuota: numericSetting(settings, 'guest_text_quota', GUEST_LIMIT_DEFAULTS.guest_text_quota),
    docRequestQuota: numericSetting(settings, 'guest_doc_quota', GUEST_LIMIT_DEFAULTS.guest_doc_quota),
    maxDocSize: numericSetting(settings, 'guest_file_size', GUEST_LIMIT_DEFAULTS.guest_file_size),
    docWordsCount: numericSetting(settings, 'guest_doc_words_count', GUEST_LIMIT_DEFAULTS.guest_doc_words_count),
    fileFormats: formats.length > 0 ? formats : [GUEST_LIMIT_DEFAULTS.guest_allowed_format],
    trialRemainingDays: null,
    llmMode: 'guest',
  };
}

function finiteOr(value: number | null | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * The limits in force: the guest defaults from the site settings when no user is
 * signed in, else the user's own limits. A limit the user record leaves empty keeps
 * the guest value, as the spec says of the character limit ("the signed-in user's char
 * limit defaults to the guest text limit").
 */
export function deriveLimits(settings: SiteSettingsMap | undefined, user: User | null | undefined): Limits {
  const guest = guestLimits(settings);
  if (!user) return guest;
  const userFormats = (user.file_formats ?? []).flatMap(parseFileFormats);
  return {
    isGuest: false,
    charLimit: finiteOr(user.char_limit, guest.charLimit),
    requestQuota: finiteOr(user.request_quota, guest.requestQuota),
    docRequestQuota: finiteOr(user.doc_request_quota, guest.docRequestQuota),
    maxDocSize: finiteOr(user.max_doc_size, guest.maxDocSize),
    docWordsCount: finiteOr(user.doc_words_count, guest.docWordsCount),
    fileFormats: user.file_formats ? userFormats : guest.fileFormats,
    trialRemainingDays: typeof user.trial_remaining_days === 'number' ? user.trial_remaining_days : null,
    llmMode: user.llm_mode ?? (user.llm_enabled ? 'available' : 'not_in_plan'),
  };
}
