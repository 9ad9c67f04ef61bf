/**
 * Hand-checked renderings of the commonest function words and set phrases. FreeDict's
 * entries for them are dictionary senses ("the" -> "الـ", "is" -> "هل", "I" -> the
 * letter's name), which read badly in running text; these take precedence in
 * word-by-word output. An empty string drops the word (English articles and the
 * present-tense copula, which Arabic does not write).
 *
 * `+` at the end of an Arabic rendering attaches it to the next word (و, ب, ل, ك).
 */
export const ENGLISH_TO_ARABIC: Record<string, string> = {
  a: '', an: '', the: '', is: '', are: '', am: '', "'s": '', do: '', does: '', did: '',
  was: 'كان', were: 'كانوا', be: 'يكون', been: '', being: '',
  i: 'أنا', you: 'أنت', he: 'هو', she: 'هي', it: 'هو', we: 'نحن', they: 'هم',
  me: 'لي', him: 'له', her: 'لها', us: 'لنا', them: 'لهم',
  and: 'و+', or: 'أو', but: 'لكن', so: 'لذلك', because: 'لأن', if: 'إذا', then: 'ثم', than: 'من',
  of: 'من', in: 'في', on: 'على', at: 'في', to: 'إلى', for: 'ل+', with: 'مع', from: 'من', by: 'ب+',
  as: 'ك+', about: 'حول', into: 'إلى', over: 'فوق', under: 'تحت', after: 'بعد', before: 'قبل',
  between: 'بين', without: 'بدون', during: 'خلال', until: 'حتى', through: 'عبر', against: 'ضد',
  this: 'هذا', that: 'ذلك', these: 'هذه', those: 'تلك', there: 'هناك', here: 'هنا',
  not: 'لا', no: 'لا', yes: 'نعم', will: 'سوف', would: 'سوف', can: 'يمكن', could: 'يمكن',
  should: 'يجب', must: 'يجب', may: 'قد', might: 'قد', "can't": 'لا يمكن', cannot: 'لا يمكن',
  "don't": 'لا', "doesn't": 'لا', "didn't": 'لم', "won't": 'لن', "isn't": 'ليس', "aren't": 'ليس',
  "wasn't": 'لم يكن', "weren't": 'لم يكونوا', "hasn't": 'لم', "haven't": 'لم', "wouldn't": 'لن', "couldn't": 'لم يستطع', "shouldn't": 'لا يجب',
  what: 'ماذا', which: 'الذي', who: 'من', whom: 'من', whose: 'الذي', where: 'أين', when: 'عندما',
  why: 'لماذا', how: 'كيف', also: 'أيضًا', very: 'جدًا', all: 'كل', some: 'بعض', any: 'أي',
  more: 'أكثر', most: 'معظم', each: 'كل', every: 'كل', other: 'آخر', only: 'فقط', just: 'فقط',
  please: 'من فضلك', thanks: 'شكرًا', hello: 'مرحبًا', hi: 'مرحبًا', goodbye: 'وداعًا',
  my: 'لي', your: 'لك', his: 'له', its: 'له', our: 'لنا', their: 'لهم',
  'thank you': 'شكرًا لك', 'good morning': 'صباح الخير', 'good evening': 'مساء الخير',
  'good night': 'تصبح على خير', 'how are you': 'كيف حالك', "you're welcome": 'على الرحب والسعة',
  'excuse me': 'عفوًا', 'new york': 'نيويورك', 'united states': 'الولايات المتحدة',
  'united kingdom': 'المملكة المتحدة', 'machine translation': 'الترجمة الآلية', 'as well as': 'بالإضافة إلى',
  'in order to': 'من أجل', 'because of': 'بسبب', 'according to': 'وفقًا لـ', 'of course': 'بالطبع',
  'for example': 'على سبيل المثال', 'at least': 'على الأقل', 'at all': 'على الإطلاق', 'right now': 'الآن',
};

/** Keys are normalised Arabic (see normalizeArabic). */
export const ARABIC_TO_ENGLISH: Record<string, string> = {
  'و': 'and', 'في': 'in', 'من': 'from', 'الي': 'to', 'علي': 'on', 'عن': 'about', 'مع': 'with',
  'هذا': 'this', 'هذه': 'this', 'ذلك': 'that', 'تلك': 'that', 'هولاء': 'these', 'اولئك': 'those',
  'هو': 'he', 'هي': 'she', 'انا': 'I', 'انت': 'you', 'انتم': 'you', 'نحن': 'we', 'هم': 'they',
  'لا': 'no', 'ليس': 'not', 'لم': 'did not', 'لن': 'will not', 'قد': 'may', 'كان': 'was', 'كانت': 'was',
  'يكون': 'is', 'تكون': 'is', 'الذي': 'who', 'التي': 'which', 'الذين': 'who', 'ان': 'that',
  'ما': 'what', 'ماذا': 'what', 'لماذا': 'why', 'كيف': 'how', 'اين': 'where', 'متي': 'when',
  'نعم': 'yes', 'شكرا': 'thank you', 'مرحبا': 'hello', 'كل': 'all', 'بعض': 'some', 'او': 'or',
  'ثم': 'then', 'لكن': 'but', 'بين': 'between', 'عند': 'at', 'حتي': 'until', 'قبل': 'before',
  'بعد': 'after', 'فوق': 'above', 'تحت': 'under', 'هنا': 'here', 'هناك': 'there', 'جدا': 'very',
  'ايضا': 'also', 'فقط': 'only', 'اذا': 'if', 'لان': 'because', 'يجب': 'must', 'يمكن': 'can',
  'سوف': 'will', 'خلال': 'during', 'حول': 'about', 'بدون': 'without', 'ضد': 'against',
  'لك': 'to you', 'لكم': 'to you', 'له': 'to him', 'لها': 'to her', 'لنا': 'to us', 'لهم': 'to them', 'لي': 'to me',
  'عليكم': 'upon you', 'عليه': 'on him', 'منه': 'from him', 'معه': 'with him', 'معنا': 'with us', 'فيه': 'in it',
  'يرجي': 'please', 'الرجاء': 'please', 'عزيزي': 'dear', 'ممتاز': 'excellent', 'الممتازه': 'excellent', 'ممتازه': 'excellent',
  'السلام عليكم': 'peace be upon you', 'صباح الخير': 'good morning', 'مساء الخير': 'good evening',
  'من فضلك': 'please', 'لو سمحت': 'please', 'اهلا وسهلا': 'welcome', 'اهلا': 'welcome',
  'شكرا لك': 'thank you', 'الترجمه الاليه': 'machine translation', 'الولايات المتحده': 'the United States',
  'المملكه المتحده': 'the United Kingdom', 'علي سبيل المثال': 'for example',
};

/** English translations of the proclitics stripped from an Arabic word (ب with, ل for, ...). */
export const PROCLITIC_ENGLISH: Record<string, string> = { 'و': 'and', 'ف': 'so', 'ب': 'with', 'ل': 'for', 'ك': 'like', 'س': 'will' };
