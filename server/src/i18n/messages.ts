/**
 * Server-side messages in both languages. English wording is the spec's (sections 5 and 8).
 * `:name` placeholders are filled by t(). A key missing in Arabic fails the catalog test.
 */
export type Locale = 'en' | 'ar';

export const messages = {
  en: {
    'error.generic': 'Whoops! Something went wrong.',
    'error.unauthenticated': 'Unauthenticated.',
    'error.forbidden': 'This action is unauthorized.',
    'error.not_found': 'Not found.',
    'error.route_not_found': 'The route :method :url could not be found.',
    'error.csrf_mismatch': 'CSRF token mismatch. Reload the page and try again.',
    'error.too_many_requests': 'Too many requests. Please try again in :seconds seconds.',
    'error.payload_too_large': 'The request is too large. The limit is :limit.',
    'error.malformed_json': 'The request body is not valid JSON.',
    'error.unsupported_media_type': 'Unsupported content type :type.',
    'error.method_not_allowed': 'Method not allowed.',
    'error.email_not_verified': 'Your email address is not verified.',
    'error.given_data_invalid': 'The given data was invalid.',
    'validation.required': 'The :attribute field is required.',
    'validation.invalid': 'The :attribute field is invalid.',
    'validation.string_max': 'The :attribute field must not be greater than :max characters.',
    'validation.string_min': 'The :attribute field must be at least :min characters.',
    'validation.number_max': 'The :attribute field must not be greater than :max.',
    'validation.number_min': 'The :attribute field must be at least :min.',
    'validation.enum': 'The selected :attribute is invalid.',
    'validation.integer': 'The :attribute field must be an integer.',
    'validation.name_required': 'Name is required',
    'validation.email_required': 'Email is required',
    'validation.email_format': 'wrong email',
    'validation.password_required': 'Password is required',
    'validation.old_password_required': 'Old Password is required',
    'validation.password_confirmation_required': 'Password Confirmation is required',
    'mail.greeting': 'Hello :name,',
    'mail.signature': 'The Lisan team',
    'mail.footer': 'You receive this e-mail because of your Lisan account.',
  },
  ar: {
    'error.generic': 'عذرًا! حدث خطأ ما.',
    'error.unauthenticated': 'لم يتم تسجيل الدخول.',
    'error.forbidden': 'غير مصرح لك بتنفيذ هذا الإجراء.',
    'error.not_found': 'غير موجود.',
    'error.route_not_found': 'تعذر العثور على المسار :method :url.',
    'error.csrf_mismatch': 'رمز الحماية CSRF غير متطابق. أعد تحميل الصفحة وحاول مرة أخرى.',
    'error.too_many_requests': 'طلبات كثيرة جدًا. يرجى المحاولة مرة أخرى بعد :seconds ثانية.',
    'error.payload_too_large': 'الطلب كبير جدًا. الحد المسموح به :limit.',
    'error.malformed_json': 'محتوى الطلب ليس JSON صالحًا.',
    'error.unsupported_media_type': 'نوع المحتوى :type غير مدعوم.',
    'error.method_not_allowed': 'الطريقة غير مسموح بها.',
    'error.email_not_verified': 'لم يتم التحقق من بريدك الإلكتروني.',
    'error.given_data_invalid': 'البيانات المدخلة غير صالحة.',
    'validation.required': 'حقل :attribute مطلوب.',
    'validation.invalid': 'حقل :attribute غير صالح.',
    'validation.string_max': 'يجب ألا يزيد حقل :attribute على :max حرفًا.',
    'validation.string_min': 'يجب ألا يقل حقل :attribute عن :min أحرف.',
    'validation.number_max': 'يجب ألا تزيد قيمة :attribute على :max.',
    'validation.number_min': 'يجب ألا تقل قيمة :attribute عن :min.',
    'validation.enum': 'القيمة المختارة في :attribute غير صالحة.',
    'validation.integer': 'يجب أن يكون :attribute عددًا صحيحًا.',
    'validation.name_required': 'الاسم مطلوب',
    'validation.email_required': 'البريد الإلكتروني مطلوب',
    'validation.email_format': 'بريد إلكتروني غير صحيح',
    'validation.password_required': 'كلمة المرور مطلوبة',
    'validation.old_password_required': 'كلمة المرور القديمة مطلوبة',
    'validation.password_confirmation_required': 'تأكيد كلمة المرور مطلوب',
    'mail.greeting': 'مرحبًا :name،',
    'mail.signature': 'فريق لسان',
    'mail.footer': 'تصلك هذه الرسالة لأن لديك حسابًا في لسان.',
  },
} satisfies Record<Locale, Record<string, string>>;

export type MessageKey = keyof (typeof messages)['en'];

export function isMessageKey(key: string): key is MessageKey {
  return key in messages.en;
}

/** Translates a key; unknown keys come back unchanged so literal messages pass through. */
export function t(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const catalog = messages[locale] as Record<string, string>;
  const template = catalog[key] ?? (messages.en as Record<string, string>)[key] ?? key;
  return template.replace(/:([a-z_]+)/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/** Spec section 1: English when the locale is English, Arabic for any other locale. */
export function normalizeLocale(value: string | undefined | null): Locale | undefined {
  if (!value) return undefined;
  return value.trim().toLowerCase().startsWith('en') ? 'en' : 'ar';
}
