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

/**
 * The limits in force: the guest defaults from the site settings when no user is signed in,
 * else the user's own limits (GET /api/user: the plan's, always set).
 */
export function deriveLimits(settings: SiteSettingsMap | undefined, user: User | null | undefined): Limits {
  if (!user) return guestLimits(settings);
  return {
    isGuest: false,
    charLimit: user.char_limit,
    requestQuota: user.request_quota,
    docRequestQuota: user.doc_request_quota,
    maxDocSize: user.max_doc_size,
    docWordsCount: user.doc_words_count,
    fileFormats: user.file_formats.flatMap(parseFileFormats),
    trialRemainingDays: user.trial_remaining_days,
    llmMode: user.llm_mode,
  };
}
