import { z } from 'zod';
import { blankToUndefined, formNumber, requiredString } from '../../http/validation';

export const SERVICE_TYPES = ['translation', 'proofreading', 'editing', 'quotation'] as const;
export const REQUEST_STATUSES = ['new', 'quoted', 'accepted', 'done'] as const;
export const REQUEST_LANGUAGES = ['en', 'ar'] as const;

const optionalText = (max: number) => z.preprocess(blankToUndefined, z.string().trim().max(max).optional());
const optionalCount = (max: number, error: string) =>
  z.preprocess(
    (value) => {
      const v = blankToUndefined(value);
      return typeof v === 'string' ? Number(v.replace(/[\s,]/g, '')) : v;
    },
    z.number({ error }).int({ error }).min(1, { error }).max(max).optional(),
  );
const language = z.preprocess(blankToUndefined, z.enum(REQUEST_LANGUAGES).optional());

/** Digits as people type them: Western, Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹). */
const DIGIT = /[0-9\u0660-\u0669\u06F0-\u06F9]/g;
/** A telephone number as people write it: digits with spaces, dashes, dots or brackets, an optional leading +. */
const PHONE = /^\+?[0-9\u0660-\u0669\u06F0-\u06F9\s().-]+$/;
const phone = z.preprocess(
  blankToUndefined,
  z
    .string()
    .trim()
    .max(40)
    .refine((value) => PHONE.test(value) && (value.match(DIGIT)?.length ?? 0) >= 6, { error: 'requests.phone_invalid' })
    .optional(),
);

const name = requiredString('validation.name_required').max(120);
const email = requiredString('validation.email_required')
  .max(254)
  .pipe(z.email({ error: 'validation.email_format' }));

/**
 * POST /api/requests: an order for human translation, proofreading or editing, or an
 * enterprise quotation. JSON, or multipart with the same fields and an optional `file`.
 */
export const serviceRequestSchema = z
  .object({
    service: z.enum(SERVICE_TYPES, { error: 'requests.service_required' }),
    source_lang: language,
    target_lang: language,
    words: optionalCount(10_000_000, 'requests.words_invalid'),
    seats: optionalCount(100_000, 'requests.seats_invalid'),
    deadline: z.preprocess(blankToUndefined, z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'requests.deadline_invalid' }).optional()),
    name,
    email,
    phone,
    company: optionalText(160),
    message: z.preprocess(blankToUndefined, z.string().trim().max(5000).default('')),
  })
  .superRefine(
    (value, ctx) => {
      if (value.service === 'quotation') return;
      if (!value.source_lang) ctx.addIssue({ code: 'custom', path: ['source_lang'], message: 'requests.source_required' });
      if (value.service === 'translation') {
        if (!value.target_lang) ctx.addIssue({ code: 'custom', path: ['target_lang'], message: 'requests.target_required' });
        else if (value.target_lang === value.source_lang) ctx.addIssue({ code: 'custom', path: ['target_lang'], message: 'requests.languages_differ' });
      }
    },
    // Also when other fields failed, so the form shows every problem at once.
    { when: () => true },
  );

export type ServiceRequestInput = z.output<typeof serviceRequestSchema>;

/** POST /api/contact. */
export const contactSchema = z.object({
  name,
  email,
  subject: optionalText(200),
  message: requiredString('requests.message_required').max(5000),
});

export type ContactInput = z.output<typeof contactSchema>;

export const listRequestsQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(REQUEST_STATUSES).optional()),
  page: formNumber(z.number().int().min(1).max(100_000)).default(1),
});

export const pageQuerySchema = z.object({ page: formNumber(z.number().int().min(1).max(100_000)).default(1) });
export const statusSchema = z.object({ status: z.enum(REQUEST_STATUSES) });
export const handledSchema = z.object({ handled: z.boolean() });
export const idParamSchema = z.object({ id: formNumber(z.number().int().positive()) });
