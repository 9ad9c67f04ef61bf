import { describe, expect, it } from 'vitest';
import type { User } from '../../api/types';
import { deriveLimits, parseFileFormats } from './limits.fns';

function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    name: 'Huda',
    email: 'huda@example.com',
    role_id: '2',
    email_verified_at: '2025-01-01T00:00:00Z',
    locale: 'ar',
    has_password: true,
    email_change: null,
    social: { google: false, linkedin: false },
    personal_info: { phone: '', job_title: '', country: '' },
    company: { name: '', website: '', address: '', logo_url: null },
    settings: { source_lang: 'auto', target_lang: 'ar', domain: 'general' },
    plan: { id: 1, slug: 'free-trial', name_en: 'Free trial', name_ar: 'تجربة مجانية', is_trial: true, frequency: null, seats: null, starts_at: null, expires_at: '2025-01-08T00:00:00.000Z', status: 'trial' },
    char_limit: 5000,
    request_quota: 100,
    doc_request_quota: 10,
    max_doc_size: 20,
    doc_words_count: 50000,
    file_formats: ['docx', 'xlsx', 'pptx', 'xliff', 'pdf'],
    web_pages_quota: 10,
    web_pages_upgradable: true,
    api_characters_quota: null,
    trial_remaining_days: 5,
    trial_ends_at: '2025-01-08T00:00:00.000Z',
    trial_expired: false,
    pending_invoice: null,
    llm_enabled: true,
    llm_mode: 'available',
    api_enabled: false,
    team: null,
    first_session: false,
    usage: { text_requests_today: 0, doc_requests_this_month: 0, web_pages_this_month: 0, api_characters_this_month: null },
    ...overrides,
  };
}

describe('deriveLimits', () => {
  it('uses the spec guest defaults before the site settings load', () => {
    expect(deriveLimits(undefined, null)).toEqual({
      isGuest: true,
      charLimit: 2000,
      requestQuota: 20,
      docRequestQuota: 2,
      maxDocSize: 2,
      docWordsCount: 2000,
      fileFormats: ['docx'],
      trialRemainingDays: null,
      llmMode: 'guest',
    });
  });

  it('reads the guest limits from the site settings when no user is signed in', () => {
    const settings = {
      guest_text_quota: '30',
      guest_doc_quota: '3',
      guest_allowed_format: 'docx, pdf',
      guest_file_size: '5',
      guest_words_count: '1500',
      guest_doc_words_count: '2500',
    };
    expect(deriveLimits(settings, null)).toEqual({
      isGuest: true,
      charLimit: 1500,
      requestQuota: 30,
      docRequestQuota: 3,
      maxDocSize: 5,
      docWordsCount: 2500,
      fileFormats: ['docx', 'pdf'],
      trialRemainingDays: null,
      llmMode: 'guest',
    });
  });

  it('keeps a default for a setting that is empty or not a number', () => {
    const limits = deriveLimits({ guest_text_quota: '', guest_file_size: 'big', guest_allowed_format: '' }, null);
    expect(limits.requestQuota).toBe(20);
    expect(limits.maxDocSize).toBe(2);
    expect(limits.fileFormats).toEqual(['docx']);
  });

  it("replaces the guest limits with the signed-in user's own", () => {
    expect(deriveLimits({ guest_text_quota: '30' }, makeUser())).toEqual({
      isGuest: false,
      charLimit: 5000,
      requestQuota: 100,
      docRequestQuota: 10,
      maxDocSize: 20,
      docWordsCount: 50000,
      fileFormats: ['docx', 'xlsx', 'pptx', 'xliff', 'pdf'],
      trialRemainingDays: 5,
      llmMode: 'available',
    });
  });

  it("reads why the LLM mode is locked from the user's profile", () => {
    expect(deriveLimits(undefined, makeUser({ llm_mode: 'not_in_plan' })).llmMode).toBe('not_in_plan');
    expect(deriveLimits(undefined, makeUser({ llm_mode: 'disabled_by_team' })).llmMode).toBe('disabled_by_team');
    expect(deriveLimits(undefined, makeUser({ llm_mode: 'not_configured' })).llmMode).toBe('not_configured');
  });

  it('has no trial days once the user is off the trial plan', () => {
    expect(deriveLimits({ guest_words_count: '1800' }, makeUser({ trial_remaining_days: null })).trialRemainingDays).toBeNull();
  });

  it('honours an empty format list from the user (no documents allowed)', () => {
    expect(deriveLimits(undefined, makeUser({ file_formats: [] })).fileFormats).toEqual([]);
  });
});

describe('parseFileFormats', () => {
  it('normalises separators, case and dots', () => {
    expect(parseFileFormats('DOCX, .pdf|xlsx')).toEqual(['docx', 'pdf', 'xlsx']);
    expect(parseFileFormats('')).toEqual([]);
  });
});
