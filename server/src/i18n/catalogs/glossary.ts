/** Messages of the glossaries (issue 4). */
export const glossary = {
  en: {
    'glossary.duplicate': 'This term is already in the glossary.',
    'glossary.not_found': 'This glossary term does not exist.',
    'glossary.created': 'The term was added to the glossary.',
    'glossary.updated': 'updated successfully',
    'glossary.deleted': 'The term was deleted from the glossary.',
    'glossary.source_required': 'The source term is required.',
    'glossary.target_required': 'The target term is required.',
    'glossary.no_team': 'You are not a member of a team.',
    'glossary.managers_only': 'Only the team owner and managers can change the team glossary.',
  },
  ar: {
    'glossary.duplicate': 'هذا المصطلح موجود في المسرد بالفعل.',
    'glossary.not_found': 'مصطلح المسرد هذا غير موجود.',
    'glossary.created': 'أُضيف المصطلح إلى المسرد.',
    'glossary.updated': 'تم التحديث بنجاح',
    'glossary.deleted': 'حُذف المصطلح من المسرد.',
    'glossary.source_required': 'المصطلح المصدر مطلوب.',
    'glossary.target_required': 'المصطلح الهدف مطلوب.',
    'glossary.no_team': 'لست عضوًا في أي فريق.',
    'glossary.managers_only': 'لا يغيّر مسرد الفريق إلا مالكه ومديروه.',
  },
} as const;
