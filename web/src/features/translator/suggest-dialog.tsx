import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { useDialog } from '../../app/dialog-context';
import { FormField } from '../../components/form-field';
import { isolate } from '../../i18n/format';
import { shorten } from './translator.fns';
import { useSuggest } from './use-translator';
import type { Lang, TranslatedSegment } from './types';

/**
 * The most characters of a sentence the picker shows: with "Sentence 1: " before it, a phone's select
 * stays one line wide (a select cannot end its text with an ellipsis; past its width the browser cut
 * the sentence's start off in Arabic, where an English sentence runs to the left). The sentence is
 * shown whole below it.
 */
const SENTENCE_SHOWN = 26;

/** "Suggest a better translation": shows the original sentence and its translation, takes the user's own. */
export function SuggestDialog(props: {
  open: boolean;
  segments: TranslatedSegment[];
  initialIndex: number;
  source: Lang;
  target: Lang;
  onClose: () => void;
  onSaved: (index: number, suggestion: string) => void;
}) {
  const { t } = useTranslation('translate');
  const { showDialog, showError } = useDialog();
  const suggest = useSuggest();
  const [index, setIndex] = useState(props.initialIndex);
  const [text, setText] = useState('');
  const segment = props.segments[index];

  useEffect(() => {
    if (props.open) {
      setIndex(props.initialIndex);
      setText(props.segments[props.initialIndex]?.target ?? '');
    }
  }, [props.open, props.initialIndex, props.segments]);

  const submit = () => {
    if (!segment || !text.trim()) return;
    suggest.mutate(
      { translationId: segment.translationId, suggestedTranslation: text.trim() },
      {
        onSuccess: (answer) => {
          props.onSaved(index, text.trim());
          props.onClose();
          showDialog({ modalType: 'success', message: answer.message });
        },
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <FormDialog
      open={props.open}
      title={t('suggest.title')}
      submitLabel={t('suggest.submit')}
      cancelLabel={t('suggest.cancel')}
      busy={suggest.isPending}
      onSubmit={submit}
      onCancel={props.onClose}
      testId="suggest-dialog"
    >
      {props.segments.length > 1 && (
        <FormField label={t('suggest.sentence')}>
          <select
           
            value={index}
            onChange={(event) => {
              const next = Number(event.target.value);
              setIndex(next);
              setText(props.segments[next]?.target ?? '');
            }}
          >
            {props.segments.map((item, i) => (
              <option key={item.translationId} value={i}>
                {t('output.sentence', { number: i + 1 })}: {isolate(shorten(item.source, SENTENCE_SHOWN))}
              </option>
            ))}
          </select>
        </FormField>
      )}
      <div className="suggest-dialog__texts">
        <div>
          <p className="form-field__label">{t('suggest.original')}</p>
          <blockquote className="suggest-dialog__quote" lang={props.source} dir="auto" data-testid="suggest-original">
            {segment?.source}
          </blockquote>
        </div>
        <div>
          <p className="form-field__label">{t('suggest.current')}</p>
          <blockquote className="suggest-dialog__quote" lang={props.target} dir="auto">
            {segment?.target}
          </blockquote>
        </div>
      </div>
      <FormField label={t('suggest.yours')}>
        <textarea data-testid="suggest-text" rows={3} lang={props.target} dir="auto" value={text} required onChange={(event) => setText(event.target.value)} />
      </FormField>
    </FormDialog>
  );
}
