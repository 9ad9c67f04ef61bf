/** Messages of reactions, suggested translations and the feedback form (issue 4). */
export const feedback = {
  en: {
    'feedback.thanks': 'thanks for your feedback',
    'feedback.message_required': 'The message is required.',
    'feedback.translation_not_found': 'This translation no longer exists.',
    'feedback.suggestion_required': 'Write your suggested translation.',
    'feedback.suggestion_saved': 'Thank you! Your translation will be used for this sentence from now on.',
    'feedback.reaction_saved': 'updated successfully',
  },
  ar: {
    'feedback.thanks': 'شكرًا لملاحظاتك',
    'feedback.message_required': 'الرسالة مطلوبة.',
    'feedback.translation_not_found': 'لم تعد هذه الترجمة موجودة.',
    'feedback.suggestion_required': 'اكتب الترجمة التي تقترحها.',
    'feedback.suggestion_saved': 'شكرًا لك! سنستخدم ترجمتك لهذه الجملة من الآن فصاعدًا.',
    'feedback.reaction_saved': 'تم التحديث بنجاح',
  },
} as const;
