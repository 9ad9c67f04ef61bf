/** Messages of the analytics module (page views, session recordings). */
export const analytics = {
  en: {
    'analytics.path_invalid': 'The path must start with a slash.',
    'analytics.too_many_events': 'A batch may hold at most :max events.',
    'analytics.recording_visitor': 'This recording belongs to another visitor.',
    'analytics.recording_full': 'This recording has reached its size limit.',
    'analytics.range_invalid': 'The start of the range must not be after its end.',
    'analytics.range_too_long': 'Choose a range of at most :max days.',
  },
  ar: {
    'analytics.path_invalid': 'يجب أن يبدأ المسار بشرطة مائلة.',
    'analytics.too_many_events': 'لا يجوز أن تتجاوز الدفعة الواحدة :max حدثًا.',
    'analytics.recording_visitor': 'هذا التسجيل يخص زائرًا آخر.',
    'analytics.recording_full': 'بلغ هذا التسجيل الحد الأقصى لحجمه.',
    'analytics.range_invalid': 'يجب ألا تكون بداية المدة بعد نهايتها.',
    'analytics.range_too_long': 'اختر مدة لا تزيد على :max يومًا.',
  },
} as const;
