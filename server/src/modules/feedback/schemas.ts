import { z } from 'zod';
import { formNumber, requiredString } from '../../http/validation';

export const reactionParamsSchema = z.object({
  translationId: z.string().trim().max(100),
  reaction: z.enum(['like', 'dislike', 'none']),
});

export const suggestionSchema = z.object({
  translationId: z.string({ error: 'feedback.translation_not_found' }).trim().min(1, { error: 'feedback.translation_not_found' }).max(100),
  suggestedTranslation: requiredString('feedback.suggestion_required').max(5000),
  token: z.string().max(200).optional(),
});

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined));

export const feedbackSchema = z.object({
  message: requiredString('feedback.message_required').max(5000),
  rating: formNumber(z.number().int().min(1).max(5)).optional().nullable().or(z.literal('').transform(() => undefined)),
  name: optionalText(200),
  email: z
    .string()
    .trim()
    .max(254)
    .optional()
    .nullable()
    .transform((value) => (value ? value : undefined))
    .pipe(z.string().email({ error: 'validation.email_format' }).optional()),
  translationId: optionalText(100),
  token: z.string().max(200).optional().nullable(),
});

export type SuggestionInput = z.output<typeof suggestionSchema>;
export type FeedbackInput = z.output<typeof feedbackSchema>;
