/** Messages of the admin console. */
export const admin = {
  en: {
    'admin.updated': 'updated successfully',
    'admin.positive_integer': 'The :attribute must be a positive whole number.',
    'admin.formats': 'Choose formats from: docx, xlsx, pptx, xliff, pdf.',
    'admin.link': 'The :attribute must be a web address (https://…) or a path starting with /.',
    'admin.gateway_unknown': 'The payment gateway must be one of: :gateways.',
    'admin.plan_unknown': 'This plan does not exist.',
    'admin.plan_archived': 'This plan is archived and cannot be given to a user.',
    'admin.nothing_to_update': 'Nothing to update.',
    'admin.models_check_started': 'Checking for translation models. Progress appears on this screen.',
  },
  ar: {
    'admin.updated': 'تم التحديث بنجاح',
    'admin.positive_integer': 'يجب أن تكون قيمة «:attribute» عددًا صحيحًا موجبًا.',
    'admin.formats': 'اختر الصيغ من: docx وxlsx وpptx وxliff وpdf.',
    'admin.link': 'يجب أن يكون :attribute عنوان ويب (https://…) أو مسارًا يبدأ بـ /.',
    'admin.gateway_unknown': 'يجب أن تكون بوابة الدفع واحدة من: :gateways.',
    'admin.plan_unknown': 'هذه الباقة غير موجودة.',
    'admin.plan_archived': 'هذه الباقة مؤرشفة ولا يمكن منحها لمستخدم.',
    'admin.nothing_to_update': 'لا يوجد ما يمكن تحديثه.',
    'admin.models_check_started': 'بدأ البحث عن نماذج الترجمة. يظهر التقدم في هذه الشاشة.',
  },
} as const;
