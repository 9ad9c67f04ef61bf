import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialog } from '../../app/dialog-context';
import { FormDialog } from '../../components/form-dialog';
import { useSendFeedback } from './use-translator';

/** The feedback form (POST /api/feedback): a message, an optional rating and contact details. */
export function FeedbackDialog({ open, translationId, isGuest, onClose }: { open: boolean; translationId?: string; isGuest: boolean; onClose: () => void }) {
  const { t } = useTranslation('translate');
  const { showDialog, showError } = useDialog();
  const send = useSendFeedback();
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const ids = { message: useId(), rating: useId(), name: useId(), email: useId() };

  useEffect(() => {
    if (open) {
      setMessage('');
      setRating('');
    }
  }, [open]);

  const submit = () => {
    if (!message.trim()) return;
    send.mutate(
      { message: message.trim(), rating: rating ? Number(rating) : undefined, name: name || undefined, email: email || undefined, translationId },
      {
        onSuccess: (answer) => {
          onClose();
          showDialog({ modalType: 'success', message: answer.message });
        },
        // Spec section 8: non-422 failures of the feedback form are only logged.
        onError: (error) => {
          if ((error as { status?: number }).status === 422) showError(error);
          else console.error('feedback failed', error);
        },
      },
    );
  };

  return (
    <FormDialog open={open} title={t('feedback.title')} submitLabel={t('feedback.submit')} cancelLabel={t('feedback.cancel')} busy={send.isPending} onSubmit={submit} onCancel={onClose} testId="feedback-dialog">
      <label className="form-field" htmlFor={ids.message}>
        <span className="form-field__label">{t('feedback.message')}</span>
        <textarea id={ids.message} rows={4} dir="auto" value={message} required onChange={(event) => setMessage(event.target.value)} />
      </label>
      <label className="form-field" htmlFor={ids.rating}>
        <span className="form-field__label">{t('feedback.rating')}</span>
        <select id={ids.rating} value={rating} onChange={(event) => setRating(event.target.value)}>
          <option value="">{t('feedback.noRating')}</option>
          {[5, 4, 3, 2, 1].map((value) => (
            <option key={value} value={value}>
              {t('feedback.ratingOption', { value })}
            </option>
          ))}
        </select>
      </label>
      {isGuest && (
        <div className="form__row">
          <label className="form-field" htmlFor={ids.name}>
            <span className="form-field__label">{t('feedback.name')}</span>
            <input id={ids.name} dir="auto" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
          </label>
          <label className="form-field" htmlFor={ids.email}>
            <span className="form-field__label">{t('feedback.email')}</span>
            <input id={ids.email} type="email" dir="ltr" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </label>
        </div>
      )}
    </FormDialog>
  );
}
