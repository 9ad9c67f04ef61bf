import { useTranslation } from 'react-i18next';
import { useDialog } from '../../app/dialog-context';
import { isolate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import type { AdminPlan } from './use-admin-plans';

/** The question before deleting a plan, from the plans list or its editor: the plan named in the page's language. */
export function useAskDeletePlan(): (plan: Pick<AdminPlan, 'name_en' | 'name_ar'>) => Promise<boolean> {
  const { t } = useTranslation('billing');
  const { language } = useLanguage();
  const { ask } = useDialog();
  return (plan) =>
    ask({ ...t('admin.confirmDelete', { returnObjects: true, name: isolate(language === 'ar' ? plan.name_ar : plan.name_en) }), tone: 'danger', testId: 'confirm-delete-plan' });
}
