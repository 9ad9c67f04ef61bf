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

/** A real calendar day written YYYY-MM-DD (2031-02-30 is not one). */
export function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * What the server knows of a request besides its fields: whether a document came with it and
 * whether its content is of an accepted format, and the earliest deadline it takes
 * (YYYY-MM-DD).
 */
export interface RequestFormContext {
  file: 'none' | 'accepted' | 'refused';
  earliestDeadline: string;
}

const DOCUMENTED_CONTEXT: RequestFormContext = { file: 'accepted', earliestDeadline: '0000-01-01' };

/**
 * POST /api/requests: an order for human translation, proofreading or editing, or an
 * enterprise quotation. JSON, or multipart with the same fields and an optional `file`.
 * Every check runs in one pass, the ones that depend on the file and the day too, so one
 * refusal lists every problem (a visitor is not refused a second time for a field that was
 * already wrong). Called without a context, as docs/openapi.json's generator does, it is the
 * fields' shape with a document attached and any well-formed deadline.
 */
export function serviceRequestSchema(context: RequestFormContext = DOCUMENTED_CONTEXT) {
  const service = z.enum(SERVICE_TYPES, { error: 'requests.service_required' });
  const words = optionalCount(10_000_000, 'requests.words_invalid');
  const fields = z.object({
    service,
    source_lang: language,
    target_lang: language,
    words,
    seats: optionalCount(100_000, 'requests.seats_invalid'),
    deadline: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'requests.deadline_invalid' })
        .refine(isCalendarDay, { error: 'requests.deadline_invalid', abort: true })
        .refine((day) => day >= context.earliestDeadline, { error: 'requests.deadline_past' })
        .optional(),
    ),
    name,
    email,
    phone,
    company: optionalText(160),
    message: z.preprocess(blankToUndefined, z.string().trim().max(5000).default('')),
  });
  // The checks across fields, over the fields they read. Kept apart because zod skips an object's refinements,
  // even with `when`, once any of its fields failed with `abort` (requiredString does): an empty name hid them.
  const rules = z
    .object({ service: service.optional(), source_lang: language, target_lang: language, words })
    .superRefine(
      (value, ctx) => {
        if (context.file === 'refused') ctx.addIssue({ code: 'custom', path: ['file'], message: 'requests.file_format' });
        if (value.service === 'quotation') return;
        if (!value.source_lang) ctx.addIssue({ code: 'custom', path: ['source_lang'], message: 'requests.source_required' });
        if (value.service === 'translation') {
          if (!value.target_lang) ctx.addIssue({ code: 'custom', path: ['target_lang'], message: 'requests.target_required' });
          else if (value.target_lang === value.source_lang) ctx.addIssue({ code: 'custom', path: ['target_lang'], message: 'requests.languages_differ' });
        }
        // A count that is not one has its own message; so has a refused file (the visitor did attach one).
        if (value.words === undefined && context.file === 'none') ctx.addIssue({ code: 'custom', path: ['words'], message: 'requests.words_or_file' });
      },
      // Also when one of these fields failed (an unknown service, a count in letters).
      { when: () => true },
    );
  // Both parse the same input and their problems are listed together.
  return z.intersection(fields, rules);
}

export type ServiceRequestInput = z.output<ReturnType<typeof serviceRequestSchema>>;

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
