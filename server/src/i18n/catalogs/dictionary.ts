/** Messages of the dictionary look-up (issue 4). */
export const dictionary = {
  en: {
    'dictionary.word_required': 'The word to look up is required.',
    'dictionary.too_many_words_one': 'Look up at most :count word at a time.',
    'dictionary.too_many_words_other': 'Look up at most :count words at a time.',
  },
  ar: {
    'dictionary.word_required': 'الكلمة المراد البحث عنها مطلوبة.',
    'dictionary.too_many_words_zero': 'ابحث عن 0 كلمة على الأكثر في المرة الواحدة.',
    'dictionary.too_many_words_one': 'ابحث عن كلمة واحدة على الأكثر في المرة الواحدة.',
    'dictionary.too_many_words_two': 'ابحث عن كلمتين على الأكثر في المرة الواحدة.',
    'dictionary.too_many_words_few': 'ابحث عن :count كلمات على الأكثر في المرة الواحدة.',
    'dictionary.too_many_words_many': 'ابحث عن :count كلمةً على الأكثر في المرة الواحدة.',
    'dictionary.too_many_words_other': 'ابحث عن :count كلمة على الأكثر في المرة الواحدة.',
  },
} as const;
