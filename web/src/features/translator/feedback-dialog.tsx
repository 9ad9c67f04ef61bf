import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialog } from '../../app/dialog-context';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { useSendFeedback } from './use-translator';

/** The feedback form (POST /api/feedback): a message, an optional rating and contact details. */
export function FeedbackDialog({ open, translationId, isGuest, onClose }: { open: boolean; translationId?: string; isGuest: boolean; onClose: () => void }) {
  const { t } = useTranslation('translate');
  const { t: tMessages } = useTranslation('messages');
  const { showDialog, showError } = useDialog();
  const send = useSendFeedback();
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');

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
        onSuccess: () => {
          onClose();
          showDialog({ modalType: 'success', message: tMessages('success.feedbackThanks') });
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
      <FormField label={t('feedback.message')}>
        <textarea rows={4} dir="auto" value={message} required onChange={(event) => setMessage(event.target.value)} />
      </FormField>
      <FormField label={t('feedback.rating')}>
        <select value={rating} onChange={(event) => setRating(event.target.value)}>
          <option value="">{t('feedback.noRating')}</option>
          {[5, 4, 3, 2, 1].map((value) => (
            <option key={value} value={value}>
              {t('feedback.ratingOption', { value })}
            </option>
          ))}
        </select>
      </FormField>
      {isGuest && (
        <div className="form__row">
          <FormField label={t('feedback.name')}>
            <input dir="auto" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
          </FormField>
          <FormField label={t('feedback.email')}>
            <input type="email" dir="ltr" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} />
          </FormField>
        </div>
      )}
    </FormDialog>
  );
}
