import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { Language } from '../../api/types';
import { isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { FormField } from '../../components/form-field';
import { PageLoading } from '../../components/page-loading';
import { isolate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { AdminPageHeader } from '../admin/admin-page-header';
import { publicPathOf } from './admin-content-page';
import { entryName } from './content.fns';
import './content.css';
import { RichText } from './rich-text';
import { previewMarkdown, useAdminEntry, useDeleteEntry, useSaveEntry, type AdminEntry, type EntryInput, type PostSection } from './use-content';

const EMPTY: EntryInput = { slug: '', title_en: '', title_ar: '', summary_en: '', summary_ar: '', body_en: '', body_ar: '', published: false };
const LANGUAGES: Language[] = ['en', 'ar'];
/** Markdown syntax is the same in both languages; shown left to right. */
const MARKDOWN_EXAMPLE = '## …   **…**   *…*   - …   [… ](/contact)';

function LanguageColumn({
  language,
  values,
  errors,
  onChange,
  withSummary,
}: {
  language: Language;
  values: EntryInput;
  errors: Record<string, string[]>;
  onChange: (field: keyof EntryInput, value: string) => void;
  withSummary: boolean;
}) {
  const { t } = useTranslation('content');
  const { t: tCommon } = useTranslation();
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  const [preview, setPreview] = useState<string | null>(null);
  const dialog = useDialog();
  const field = (name: 'title' | 'summary' | 'body') => `${name}_${language}` as const;
  const togglePreview = async () => {
    if (preview !== null) return setPreview(null);
    try {
      setPreview(await previewMarkdown(values[field('body')]));
    } catch (error) {
      dialog.showError(error);
    }
  };
  return (
    <fieldset className="editor-column" lang={language}>
      <legend className="editor-column__legend">{tCommon(`language.${language}`)}</legend>
      <FormField label={t('admin.fields.title')} errors={errors[field('title')]}>
        <input className="input" dir={dir} value={values[field('title')]} maxLength={200} onChange={(e) => onChange(field('title'), e.target.value)} data-testid={`editor-title-${language}`} />
      </FormField>
      {withSummary && (
        <FormField label={t('admin.fields.summary')} errors={errors[field('summary')]}>
          <textarea className="input" dir={dir} rows={2} maxLength={500} value={values[field('summary')]} onChange={(e) => onChange(field('summary'), e.target.value)} />
        </FormField>
      )}
      <FormField
        label={t('admin.fields.body')}
        errors={errors[field('body')]}
        hint={
          <>
            {t('admin.markdownHint')} <code dir="ltr">{MARKDOWN_EXAMPLE}</code>
          </>
        }
      >
        {preview === null ? (
          <textarea className="input input--code" dir={dir} rows={18} value={values[field('body')]} onChange={(e) => onChange(field('body'), e.target.value)} data-testid={`editor-body-${language}`} />
        ) : (
          <div className="editor-preview" data-testid={`editor-preview-${language}`}>
            <RichText html={preview} language={language} />
          </div>
        )}
      </FormField>
      <button type="button" className="button button--ghost button--small" onClick={() => void togglePreview()}>
        {preview === null ? t('admin.preview') : t('admin.backToEditing')}
      </button>
    </fieldset>
  );
}

function EditorForm({ entry, section }: { entry: AdminEntry | null; section: PostSection | 'page' }) {
  const { t } = useTranslation('content');
  const { language } = useLanguage();
  const navigate = useNavigate();
  const dialog = useDialog();
  const save = useSaveEntry(entry?.id ?? null);
  const remove = useDeleteEntry();
  const [values, setValues] = useState<EntryInput>(entry ? { ...EMPTY, ...pick(entry) } : EMPTY);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [saved, setSaved] = useState(false);
  const isFixed = section === 'page';

  useEffect(() => setSaved(false), [values]);

  const onChange = (field: keyof EntryInput, value: string | boolean) => setValues((previous) => ({ ...previous, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    const input: EntryInput = isFixed ? { ...values, slug: undefined } : { ...values, ...(entry ? {} : { section: section as PostSection }) };
    save.mutate(input, {
      onSuccess: (result) => {
        setSaved(true);
        if (!entry) void navigate(`/admin/content/${result.id}`, { replace: true });
      },
      onError: (error) => {
        if (isApiError(error) && error.status === 422) setErrors(error.errors);
        else dialog.showError(error);
      },
    });
  };

  const onDelete = async () => {
    // Named as stored (what is deleted), not as the form may have been edited since.
    if (!entry || !(await dialog.ask({ ...t('admin.confirmDelete', { returnObjects: true, title: isolate(entryName(entry, language)) }), tone: 'danger', testId: 'confirm-delete-entry' }))) return;
    remove.mutate(entry.id, {
      onSuccess: () => void navigate(`/admin/content?section=${section}`, { replace: true }),
      onError: (error) => dialog.showError(error),
    });
  };

  return (
    <form className="form content-editor" onSubmit={onSubmit} noValidate data-testid="content-editor">
      <div className="panel editor-meta">
        {!isFixed && (
          <FormField label={t('admin.fields.slug')} errors={errors.slug} hint={t('admin.slugHint')}>
            <input className="input" dir="ltr" value={values.slug ?? ''} maxLength={120} onChange={(e) => onChange('slug', e.target.value)} data-testid="editor-slug" />
          </FormField>
        )}
        <label className="checkbox">
          <input type="checkbox" checked={values.published} onChange={(e) => onChange('published', e.target.checked)} data-testid="editor-published" />
          {t('admin.fields.published')}
        </label>
        {entry && (
          <Link to={publicPathOf(entry.section, entry.slug)} target="_blank" rel="noopener">
            {t('admin.viewPage')}
          </Link>
        )}
      </div>
      <div className="editor-columns">
        {LANGUAGES.map((language) => (
          <LanguageColumn key={language} language={language} values={values} errors={errors} onChange={onChange} withSummary />
        ))}
      </div>
      <div className="form__actions editor-actions">
        {saved && (
          <p className="notice notice--success" role="status" data-testid="editor-saved">
            {t('admin.saved')}
          </p>
        )}
        {entry && !entry.fixed && (
          <button type="button" className="button button--ghost button--danger" onClick={() => void onDelete()} disabled={remove.isPending}>
            {t('admin.delete')}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={save.isPending} data-testid="editor-save">
          {t('admin.save')}
        </button>
      </div>
    </form>
  );
}

function pick(entry: AdminEntry): EntryInput {
  const { slug, title_en, title_ar, summary_en, summary_ar, body_en, body_ar, published } = entry;
  return { slug, title_en, title_ar, summary_en, summary_ar, body_en, body_ar, published };
}

/** /admin/content/:id and /admin/content/new?section=blog|case-studies. */
export function AdminContentEditorPage() {
  const { t } = useTranslation('content');
  const params = useParams();
  const [searchParams] = useSearchParams();
  const id = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const entry = useAdminEntry(id);
  const requested = searchParams.get('section');
  const newSection: PostSection = requested === 'case-studies' ? 'case-studies' : 'blog';
  return (
    <section className="container page-section admin-page" data-testid="admin-content-editor">
      <AdminPageHeader page={id === null ? 'adminContentNew' : 'adminContentEdit'} />
      {id === null ? (
        <EditorForm entry={null} section={newSection} />
      ) : entry.isPending ? (
        <PageLoading />
      ) : entry.data ? (
        <EditorForm key={entry.data.id} entry={entry.data} section={entry.data.section} />
      ) : (
        <p className="panel admin-empty">{t('unavailable')}</p>
      )}
    </section>
  );
}
