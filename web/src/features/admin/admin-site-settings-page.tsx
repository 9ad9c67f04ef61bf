import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api, flattenErrors, isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { AdminNav } from './admin-nav';
import { adminKeys, useAdminMutations, type AdminSiteSettings } from './use-admin';
import { PaymentsBanner } from './payments-banner';
import { gatewayChoices, siteSettingsToSave, toSettingsMap } from '../site-settings/site-settings.fns';

const NUMBER_FIELDS = ['guest_text_quota', 'guest_doc_quota', 'guest_file_size', 'guest_words_count', 'guest_doc_words_count'] as const;
const BILINGUAL_TEXTS = [
  ['terms_conditions', 'terms_conditions_ar', 'terms'],
  ['privacy_policy_en', 'privacy_policy_ar', 'privacy'],
  ['webinar_text_en', 'webinar_text_ar', 'webinarText'],
  ['webinar_link_en', 'webinar_link_ar', 'webinarLink'],
] as const;

/**
 * A setting with its caption and messages: a label around its one control, or (`group`) a group named by the caption
 * around several controls with labels of their own (the formats' checkboxes: inside a label, a click on the caption
 * ticked or cleared the first of them).
 */
function Field({ label, error, group = false, children }: { label: string; error?: string[]; group?: boolean; children: ReactNode }) {
  const captionId = useId();
  const content = (
    <>
      <span className="form-field__label" id={group ? captionId : undefined}>
        {label}
      </span>
      {children}
      {error?.map((message) => (
        <span key={message} className="form-field__error" role="alert">
          {message}
        </span>
      ))}
    </>
  );
  return group ? (
    <div className="form-field" role="group" aria-labelledby={captionId}>
      {content}
    </div>
  ) : (
    <label className="form-field">{content}</label>
  );
}

/** Every setting of spec section 3, the English and Arabic texts side by side, and the seller printed on invoices. */
export function AdminSiteSettingsPage() {
  const { t } = useTranslation('admin');
  const { t: tMessages } = useTranslation('messages');
  const { showDialog, showError } = useDialog();
  const settings = useQuery({ queryKey: [...adminKeys.all, 'site-settings'], queryFn: ({ signal }) => api.get<AdminSiteSettings>('/api/admin/site-settings', { signal }) });
  const { updateSiteSettings } = useAdminMutations();
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string[]>>({});

  useEffect(() => {
    if (settings.data) setValues(toSettingsMap(settings.data.data));
  }, [settings.data]);

  if (!settings.data) return <section className="container page-section"><p className="muted">{t('loading')}</p></section>;
  const stored = toSettingsMap(settings.data.data);
  const set = (name: string) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value }));
  const formats = new Set((values.guest_allowed_format ?? '').split(',').filter(Boolean));
  const toggleFormat = (format: string) => {
    const next = new Set(formats);
    if (next.has(format)) next.delete(format);
    else next.add(format);
    setValues((v) => ({ ...v, guest_allowed_format: [...next].join(',') }));
  };

  return (
    <section className="container page-section admin-page">
      <AdminNav />
      <h1>{t('settings.title')}</h1>
      <PaymentsBanner settingsLink={false} />
      <form
        className="admin-settings"
        data-testid="site-settings-form"
        onSubmit={(event) => {
          event.preventDefault();
          setErrors({});
          updateSiteSettings.mutate(siteSettingsToSave(values, stored), {
            onSuccess: () => showDialog({ modalType: 'success', message: tMessages('success.siteSettingsUpdated') }),
            onError: (error) => {
              if (isApiError(error) && error.status === 422) {
                setErrors(error.errors);
                showDialog({ modalType: 'error', message: flattenErrors(error.errors) });
              } else showError(error);
            },
          });
        }}
      >
        <fieldset className="panel">
          <legend>{t('settings.guestLimits')}</legend>
          <div className="form-grid">
            {NUMBER_FIELDS.map((name) => (
              <Field key={name} label={t(`settings.fields.${name}`)} error={errors[name]}>
                <input type="number" min={1} name={name} value={values[name] ?? ''} onChange={set(name)} required />
              </Field>
            ))}
          </div>
          <Field label={t('settings.fields.guest_allowed_format')} error={errors.guest_allowed_format} group>
            <span className="checkbox-row" data-testid="guest-formats">
              {settings.data.formats.map((format) => (
                <label key={format} className="checkbox">
                  <input type="checkbox" checked={formats.has(format)} onChange={() => toggleFormat(format)} /> {format.toUpperCase()}
                </label>
              ))}
            </span>
          </Field>
          <Field label={t('settings.fields.payment_gateway')} error={errors.payment_gateway}>
            <select value={values.payment_gateway ?? ''} onChange={set('payment_gateway')} data-testid="payment-gateway">
              {gatewayChoices(settings.data.payment_gateways, stored.payment_gateway).map(({ id, setUp }) => {
                const label = t(`gatewayLabels.${id as 'sandbox'}`, { defaultValue: id });
                return (
                  <option key={id} value={id} disabled={!setUp}>
                    {setUp ? label : t('gatewayNotSetUp', { gateway: label })}
                  </option>
                );
              })}
            </select>
          </Field>
        </fieldset>

        {BILINGUAL_TEXTS.map(([en, ar, key]) => (
          <fieldset key={key} className="panel">
            <legend>{t(`settings.texts.${key}`)}</legend>
            <div className="side-by-side">
              {[en, ar].map((name) => {
                const multiline = !name.startsWith('webinar_link');
                const dir = name === ar ? 'rtl' : 'ltr';
                return (
                  <Field key={name} label={name === ar ? t('settings.arabic') : t('settings.english')} error={errors[name]}>
                    {multiline ? (
                      <textarea name={name} dir={dir} lang={name === ar ? 'ar' : 'en'} rows={name.startsWith('webinar') ? 2 : 8} value={values[name] ?? ''} onChange={set(name)} />
                    ) : (
                      <input name={name} dir="ltr" value={values[name] ?? ''} onChange={set(name)} />
                    )}
                  </Field>
                );
              })}
            </div>
          </fieldset>
        ))}
        <fieldset className="panel" data-testid="invoice-seller-settings">
          <legend>{t('settings.seller.title')}</legend>
          <p className="muted">{t('settings.seller.hint')}</p>
          <div className="form-grid">
            <Field label={t('settings.seller.name')} error={errors.invoice_seller_name}>
              <input name="invoice_seller_name" dir="auto" maxLength={200} value={values.invoice_seller_name ?? ''} onChange={set('invoice_seller_name')} />
            </Field>
            <Field label={t('settings.seller.nameAr')} error={errors.invoice_seller_name_ar}>
              <input name="invoice_seller_name_ar" dir="rtl" lang="ar" maxLength={200} value={values.invoice_seller_name_ar ?? ''} onChange={set('invoice_seller_name_ar')} />
            </Field>
            <Field label={t('settings.seller.vatNumber')} error={errors.invoice_seller_vat_number}>
              <input name="invoice_seller_vat_number" dir="ltr" maxLength={40} value={values.invoice_seller_vat_number ?? ''} onChange={set('invoice_seller_vat_number')} />
            </Field>
          </div>
          <Field label={t('settings.seller.address')} error={errors.invoice_seller_address}>
            <textarea name="invoice_seller_address" dir="auto" rows={3} maxLength={1000} value={values.invoice_seller_address ?? ''} onChange={set('invoice_seller_address')} />
          </Field>
        </fieldset>

        <button className="button button--primary" type="submit" disabled={updateSiteSettings.isPending} data-testid="save-settings">
          {t('save')}
        </button>
      </form>
    </section>
  );
}
