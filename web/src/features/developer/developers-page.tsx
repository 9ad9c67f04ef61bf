import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isolate } from '../../i18n/format';
import { curlExamples } from './developers.fns';
import './developer.css';

const SURFACES = [{ id: 'deepl' }, { id: 'libre' }] as const;

/**
 * Code quoted inside a sentence, each isolated so that in Arabic its brackets and quotes keep
 * their order ("<key>" read as "key>...<" before).
 */
const QUOTED_CODE = {
  deeplHeader: isolate('DeepL-Auth-Key <key>'),
  bearerHeader: isolate('Bearer <key>'),
  errorBody: isolate('{"error": "…"}'),
};

/** Developers: how to call Lisan with the DeepL or LibreTranslate API, with curl examples. */
export function DevelopersPage() {
  const { t } = useTranslation('developer');
  const { t: tc } = useTranslation();
  const base = window.location.origin;
  const examples = curlExamples(base);
  /** What an example's code needs said, in the reader's language, after its block. */
  const notes: Partial<Record<string, string>> = {
    document: t('docs.documentNext', { id: isolate('document_id'), key: isolate('document_key'), done: isolate('"done"'), interpolation: { escapeValue: false } }),
  };
  return (
    <section className="container page-section">
      <article className="panel developers" data-testid="developers">
        <h1>{tc('pages.developers.title')}</h1>
        <p>{t('docs.intro')}</p>
        <p>
          <Link to="/user/api-keys" className="button button--primary">
            {t('docs.keysLink')}
          </Link>
        </p>
        <p>
          {t('docs.baseUrl')}: <code dir="ltr">{base}</code>
        </p>
        <p className="muted">{t('docs.languages')}</p>

        {SURFACES.map((surface) => (
          <section key={surface.id} aria-labelledby={`developers-${surface.id}`}>
            <h2 id={`developers-${surface.id}`}>{t(`docs.${surface.id}Title`)}</h2>
            <p>{t(`docs.${surface.id}Help`, QUOTED_CODE)}</p>
            {Object.entries(examples[surface.id]).map(([name, code]) => (
              <div key={name}>
                <h3>{t(`docs.${name as keyof (typeof examples)['deepl'] | keyof (typeof examples)['libre']}`)}</h3>
                {/* Focusable: a long line scrolls the block sideways, and keyboard users scroll it too. */}
                <pre data-testid={`curl-${surface.id}-${name}`} tabIndex={0}>
                  <code>{code}</code>
                </pre>
                {notes[name] && <p data-testid={`curl-${surface.id}-${name}-note`}>{notes[name]}</p>}
              </div>
            ))}
          </section>
        ))}

        <section aria-labelledby="developers-limits">
          <h2 id="developers-limits">{t('docs.limitsTitle')}</h2>
          <p>{t('docs.limits', QUOTED_CODE)}</p>
        </section>
      </article>
    </section>
  );
}
