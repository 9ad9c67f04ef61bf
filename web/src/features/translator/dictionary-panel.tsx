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
            <dt lang={source} dir="auto">
              {entry.word}
            </dt>
            <dd lang={target} dir="auto">
              {entry.translations.join(' · ')}
            </dd>
          </div>
        ))}
      </dl>
      <p className="dictionary-panel__credit muted">{t('dictionary.credit')}</p>
    </section>
  );
}
