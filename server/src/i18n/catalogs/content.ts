/** Messages of the content module (admin-editable pages, blog, case studies). */
export const content = {
  en: {
    'content.slug_format': 'The slug may contain only lowercase letters, digits and single hyphens.',
    'content.slug_taken': 'Another entry of this section already uses this slug.',
    'content.title_required': 'A title is required in English and in Arabic.',
    'content.fixed_page': 'The fixed pages can be edited but not created or deleted.',
  },
  ar: {
    'content.slug_format': 'لا يجوز أن يحتوي المعرّف إلا على أحرف لاتينية صغيرة وأرقام وشرطات مفردة.',
    'content.slug_taken': 'هذا المعرّف مستخدم في عنصر آخر من هذا القسم.',
    'content.title_required': 'العنوان مطلوب بالإنجليزية والعربية.',
    'content.fixed_page': 'يمكن تعديل الصفحات الثابتة، لكن لا يمكن إنشاؤها أو حذفها.',
  },
} as const;
