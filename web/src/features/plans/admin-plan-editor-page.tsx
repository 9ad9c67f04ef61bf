import { useEffect, useState, type FormEvent } from 'react';
import { AdminNav } from '../admin/admin-nav';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { PageLoading } from '../../components/page-loading';
import { featureTexts } from './plans.fns';
import { useAdminPlan, useAdminPlanMutations, type AdminPlan } from './use-admin-plans';
import { useAskDeletePlan } from './use-ask-delete-plan';

const TEXT_FIELDS = ['name', 'price', 'symbol', 'button_text', 'description', 'text_under_button', 'badge_title', 'badge_color'] as const;
const QUOTAS = ['included_seats', 'daily_text_requests', 'monthly_doc_requests', 'char_limit', 'text_words', 'doc_words', 'doc_chars', 'monthly_files', 'web_pages', 'max_file_size_mb', 'monthly_api_characters'] as const;
const FORMATS = ['docx', 'xlsx', 'pptx', 'xliff', 'pdf'] as const;

type Form = Record<string, string | boolean | string[]>;

/** The API field of a form input named otherwise (the prices), whose 422 message shows under that input. */
const API_FIELD: Record<string, string> = { amount: 'price', amount_yearly: 'price_yearly' };

function emptyForm(): Form {
  const form: Form = { slug: '', sort_order: '10', amount: '0', amount_yearly: '0', is_team: false, llm_enabled: false, api_enabled: false, features_en: '', features_ar: '', file_formats: ['docx'] };
  for (const field of TEXT_FIELDS) for (const lang of ['en', 'ar']) form[`${field}_${lang}`] = field === 'symbol' ? '$' : field === 'price' ? '0' : '';
  for (const quota of QUOTAS) form[quota] = '';
  return form;
}

function formOf(plan: AdminPlan): Form {
  const form = emptyForm();
  const source = plan as unknown as Record<string, unknown>;
  for (const field of TEXT_FIELDS) for (const lang of ['en', 'ar']) form[`${field}_${lang}`] = String(source[`${field}_${lang}`] ?? '');
  for (const quota of QUOTAS) form[quota] = String(source[quota] ?? '');
  return {
    ...form,
    slug: plan.slug,
    sort_order: String(plan.sort_order),
    amount: String(plan.price),
    amount_yearly: String(plan.price_yearly ?? 0),
    is_team: plan.is_team,
    llm_enabled: plan.llm_enabled,
    api_enabled: plan.api_enabled,
    features_en: featureTexts(plan.features_en).join('\n'),
    features_ar: featureTexts(plan.features_ar).join('\n'),
    file_formats: plan.file_formats,
  };
}

/** The body of POST /api/admin/plans and /update/{id}. */
function payloadOf(form: Form): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of TEXT_FIELDS) for (const lang of ['en', 'ar']) body[`${field}_${lang}`] = form[`${field}_${lang}`];
  for (const quota of QUOTAS) body[quota] = form[quota] === '' ? undefined : Number(form[quota]);
  return {
    ...body,
    slug: form.slug || undefined,
    sort_order: Number(form.sort_order) || 0,
    price: Number(form.amount) || 0,
    price_yearly: Number(form.amount_yearly) || 0,
    is_team: form.is_team,
    llm_enabled: form.llm_enabled,
    api_enabled: form.api_enabled,
    features_en: String(form.features_en).split('\n').map((line) => line.trim()).filter(Boolean),
    features_ar: String(form.features_ar).split('\n').map((line) => line.trim()).filter(Boolean),
    file_formats: form.file_formats,
  };
}

/** /admin/plans/new and /admin/plans/:id: every bilingual field, prices and quotas. After save, update or delete: /admin/plans. */
export function AdminPlanEditorPage() {
  const { t } = useTranslation('billing');
  const { t: tMessages } = useTranslation('messages');
  const { id } = useParams();
  const navigate = useNavigate();
  const { showDialog, showError } = useDialog();
  const existing = useAdminPlan(id);
  const { create, update, remove } = useAdminPlanMutations();
  const askDeletePlan = useAskDeletePlan();
  const [form, setForm] = useState<Form>(emptyForm);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (existing.data) setForm(formOf(existing.data));
  }, [existing.data]);

  if (id && existing.isPending) return <PageLoading />;
  const set = (name: string, value: string | boolean | string[]) => setForm((previous) => ({ ...previous, [name]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setErrors({});
    try {
      const answer = id ? await update.mutateAsync({ id, plan: payloadOf(form) }) : await create.mutateAsync(payloadOf(form));
      // The API's "updated successfully" is the spec's exact wording; the screen says what was updated.
      showDialog({ modalType: 'success', message: id ? tMessages('success.planUpdated') : answer.message });
      void navigate('/admin/plans');
    } catch (error) {
      if (isApiError(error) && error.status === 422) setErrors(Object.fromEntries(Object.entries(error.errors).map(([field, list]) => [field, list[0]!])));
      else showError(error);
    }
  }

  async function destroy() {
    if (!id || !existing.data || !(await askDeletePlan(existing.data))) return;
    try {
      const answer = await remove.mutateAsync(id);
      showDialog({ modalType: 'success', message: answer.message });
      void navigate('/admin/plans');
    } catch (error) {
      showError(error);
    }
  }

  // A number takes the form's direction (form.css), so it gets no dir of its own. A text of one language (`lang`) is
  // marked on its control only: the label around it is the interface's, read and aligned as the page is.
  const input = (name: string, label: string, options: { type?: string; dir?: 'ltr' | 'rtl' | 'auto'; lang?: 'en' | 'ar'; multiline?: boolean } = {}) => {
    const error = errors[API_FIELD[name] ?? name];
    const dir = options.dir ?? (options.type === 'number' ? undefined : 'auto');
    return (
      <div className="form-field" key={name}>
        <label htmlFor={`plan-${name}`}>{label}</label>
        {options.multiline ? (
          <textarea id={`plan-${name}`} rows={5} dir={dir} lang={options.lang} value={String(form[name] ?? '')} onChange={(event) => set(name, event.target.value)} />
        ) : (
          <input id={`plan-${name}`} name={name} type={options.type ?? 'text'} dir={dir} lang={options.lang} value={String(form[name] ?? '')} onChange={(event) => set(name, event.target.value)} aria-invalid={Boolean(error)} aria-describedby={error ? `plan-${name}-error` : undefined} />
        )}
        {error && (
          <p className="form-field__error" id={`plan-${name}-error`} data-testid={`plan-error-${name}`}>
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="container page-section admin-page billing-page" data-testid="admin-plan-editor">
      <AdminNav />
      <header className="billing-page__header">
        <h1>{id ? t('admin.editTitle') : t('admin.newTitle')}</h1>
        <p>
          <Link to="/admin/plans">{t('admin.back')}</Link>
        </p>
      </header>
      <form className="admin-plan-form" onSubmit={(event) => void save(event)} noValidate>
        <fieldset className="panel">
          <legend>{t('admin.sections.general')}</legend>
          <div className="form-grid">
            {input('slug', t('admin.fields.slug'), { dir: 'ltr' })}
            {input('sort_order', t('admin.fields.sortOrder'), { type: 'number' })}
            {input('amount', t('admin.fields.price'), { type: 'number' })}
            {input('amount_yearly', t('admin.fields.priceYearly'), { type: 'number' })}
          </div>
          <label className="checkbox">
            <input type="checkbox" checked={Boolean(form.is_team)} onChange={(event) => set('is_team', event.target.checked)} /> {t('admin.fields.isTeam')}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={Boolean(form.llm_enabled)} onChange={(event) => set('llm_enabled', event.target.checked)} /> {t('admin.fields.llm')}
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={Boolean(form.api_enabled)} onChange={(event) => set('api_enabled', event.target.checked)} data-testid="plan-api-enabled" /> {t('admin.fields.api')}
          </label>
        </fieldset>
        <div className="admin-plan-form__languages">
          {(['en', 'ar'] as const).map((lang) => (
            <fieldset className="panel" key={lang} data-testid={`plan-texts-${lang}`}>
              <legend>{t(`admin.sections.${lang}`)}</legend>
              {TEXT_FIELDS.map((field) => input(`${field}_${lang}`, t(`admin.fields.${field === 'price' ? 'priceText' : field}`), field === 'badge_color' ? { dir: 'ltr' } : { dir: lang === 'ar' ? 'rtl' : 'ltr', lang }))}
              {input(`features_${lang}`, t('admin.fields.features'), { multiline: true, dir: lang === 'ar' ? 'rtl' : 'ltr', lang })}
            </fieldset>
          ))}
        </div>
        <fieldset className="panel">
          <legend>{t('admin.sections.quotas')}</legend>
          <div className="form-grid">{QUOTAS.map((quota) => input(quota, t(`admin.quotas.${quota}`), { type: 'number' }))}</div>
          <p className="billing-summary__label">{t('admin.fields.formats')}</p>
          <div className="checkbox-row">
            {FORMATS.map((format) => (
              <label className="checkbox" key={format}>
                <input
                  type="checkbox"
                  checked={(form.file_formats as string[]).includes(format)}
                  onChange={(event) => set('file_formats', event.target.checked ? [...(form.file_formats as string[]), format] : (form.file_formats as string[]).filter((f) => f !== format))}
                />{' '}
                {format.toUpperCase()}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="billing-summary__actions">
          <button type="submit" className="button button--primary" disabled={create.isPending || update.isPending} data-testid="save-plan">
            {id ? t('admin.update') : t('admin.save')}
          </button>
          {id && (
            <button type="button" className="button button--ghost" onClick={() => void destroy()} disabled={remove.isPending}>
              {t('admin.delete')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
