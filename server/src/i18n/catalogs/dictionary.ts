/** Messages of the dictionary look-up (issue 4). */
export const dictionary = {
  en: {
    'dictionary.word_required': 'The word to look up is required.',
    'dictionary.too_many_words': 'Look up at most :max words at a time.',
  },
  ar: {
    'dictionary.word_required': 'الكلمة المراد البحث عنها مطلوبة.',
    'dictionary.too_many_words': 'ابحث عن :max كلمات على الأكثر في المرة الواحدة.',
  },
} as const;
