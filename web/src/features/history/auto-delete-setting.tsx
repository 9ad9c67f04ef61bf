import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialog } from '../../app/dialog-context';
import './history.css';
import { useAutoDeleteSetting, useSaveAutoDeleteSetting } from './use-history';
import { AUTO_DELETE_VALUES, type AutoDelete } from './types';

/** "Delete my history automatically": never, or after 1, 7, 30 or 90 days (enforced by a scheduled job). */
export function AutoDeleteSetting() {
  const { t } = useTranslation('history');
  const { t: tMessages } = useTranslation('messages');
  const { showDialog, showError } = useDialog();
  const setting = useAutoDeleteSetting();
  const save = useSaveAutoDeleteSetting();
  const [value, setValue] = useState<AutoDelete>('never');
  const id = useId();
  const helpId = useId();

  useEffect(() => {
    if (setting.data) setValue(setting.data);
  }, [setting.data]);

  return (
    <form
      className="auto-delete"
      data-testid="auto-delete"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value, { onSuccess: () => showDialog({ modalType: 'success', message: tMessages('success.autoDeleteSaved') }), onError: (error) => showError(error) });
      }}
    >
      <h2 className="auto-delete__title">{t('autoDelete.title')}</h2>
      <div className="auto-delete__row">
        <label className="form-field form-field--inline" htmlFor={id}>
          <span className="form-field__label">{t('autoDelete.label')}</span>
          <select id={id} value={value} aria-describedby={helpId} disabled={setting.isPending} onChange={(event) => setValue(event.target.value as AutoDelete)}>
            {AUTO_DELETE_VALUES.map((option) => (
              <option key={option} value={option}>
                {t(`autoDelete.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button--outline" disabled={save.isPending || setting.isPending}>
          {t('autoDelete.save')}
        </button>
      </div>
      <p id={helpId} className="muted auto-delete__help">
        {t('autoDelete.help')}
      </p>
    </form>
  );
}

/** /user/history-settings: the translation history settings tab. */
export function HistorySettingsPage() {
  const { t } = useTranslation();
  return (
    <section className="container page-section">
      <div className="panel history-page">
        <h1>{t('pages.historySettings.title')}</h1>
        <AutoDeleteSetting />
      </div>
    </section>
  );
}
