import { useTranslation } from 'react-i18next';
import type { DictionaryEntry, Lang } from './types';

/** Dictionary entries for short inputs (three words at most): every sense of each word. */
export function DictionaryPanel({ entries, source, target }: { entries: DictionaryEntry[]; source: Lang; target: Lang }) {
  const { t } = useTranslation('translate');
  if (!entries.length) return null;
  return (
    <section className="dictionary-panel" data-testid="dictionary-panel" aria-labelledby="dictionary-panel-title">
      <h3 id="dictionary-panel-title" className="dictionary-panel__title">
        {t('dictionary.title')}
      </h3>
      <dl className="dictionary-panel__entries">
        {entries.map((entry) => (
          <div key={entry.word} className="dictionary-panel__entry">
            <dt>
              <bdi lang={source}>{entry.word}</bdi>
            </dt>
            <dd>
              {entry.translations.map((translation, index) => (
                <span key={translation}>
                  {index > 0 && ' · '}
                  <bdi lang={target}>{translation}</bdi>
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <p className="dictionary-panel__credit muted">{t('dictionary.credit')}</p>
    </section>
  );
}
