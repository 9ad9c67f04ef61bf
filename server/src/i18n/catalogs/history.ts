/** Messages of the translation history (issue 4). */
export const history = {
  en: {
    'history.not_found': 'This translation is not in your history.',
    'history.deleted': 'The translation was deleted from your history.',
    'history.deleted_all': 'Your translation history was deleted.',
    'history.settings_saved': 'updated successfully',
  },
  ar: {
    'history.not_found': 'هذه الترجمة غير موجودة في سجلك.',
    'history.deleted': 'حُذفت الترجمة من سجلك.',
    'history.deleted_all': 'حُذف سجل ترجماتك.',
    'history.settings_saved': 'تم التحديث بنجاح',
  },
} as const;
