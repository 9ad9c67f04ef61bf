/** Messages of text translation (issue 4); the limit messages are spec section 8, word for word. */
export const translate = {
  en: {
    'translate.char_limit': 'Your translation exceeds the character limit',
    'translate.request_quota': 'Your request quota exceeds the requests limit',
    'translate.limit_exceeded': 'Limit Exceeded',
    'translate.trial_expired': 'Trial period expired',
    'translate.plan_feature': 'Please upgrade your plan to use this feature',
    'translate.llm_disabled': 'LLM feature disabled by the account manager',
    'translate.text_required': 'The text to translate is required.',
    'translate.same_language': 'The source and target languages must be different.',
    'translate.already_target_language': 'The text is already in the target language.',
    'translate.llm_pair': 'The LLM mode is available for English and Arabic only.',
    'translate.engine_unavailable': 'Translation is not available right now. Please try again in a moment.',
  },
  ar: {
    'translate.char_limit': 'تتجاوز ترجمتك الحد المسموح به من الأحرف',
    'translate.request_quota': 'لقد استنفدت ترجماتك المتاحة لهذا اليوم.',
    'translate.limit_exceeded': 'تم تجاوز الحد',
    'translate.trial_expired': 'انتهت الفترة التجريبية',
    'translate.plan_feature': 'يُرجى ترقية باقتك لاستخدام هذه الميزة.',
    'translate.llm_disabled': 'عطّل مدير الحساب ميزة النموذج اللغوي الكبير',
    'translate.text_required': 'النص المراد ترجمته مطلوب.',
    'translate.same_language': 'يجب أن تختلف لغة المصدر عن اللغة الهدف.',
    'translate.already_target_language': 'النص مكتوب أصلًا باللغة الهدف.',
    'translate.llm_pair': 'وضع النموذج اللغوي الكبير متاح للإنجليزية والعربية فقط.',
    'translate.engine_unavailable': 'الترجمة غير متاحة حاليًا. يُرجى المحاولة مرة أخرى بعد قليل.',
  },
} as const;
