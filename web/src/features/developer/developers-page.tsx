import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyText } from '../../components/copy-text';
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

/**
 * A sample's Copy button, named after the sample (several say "Copy"), and its result said in a
 * live region beside it for 4 s, as the translator's copy says it on its status line.
 */
function CopySample({ code, example, api, testId }: { code: string; example: string; api: string; testId: string }) {
  const { t } = useTranslation('developer');
  const [said, setSaid] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const copy = async () => {
    const copied = await copyText(code);
    setSaid(copied ? t('docs.copied') : t('docs.copyFailed'));
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setSaid(null), 4000);
  };
  return (
    <div className="developers__copy">
      <span className="developers__copy-status small" role="status" data-testid={`${testId}-copied`}>
        {said}
      </span>
      <button type="button" className="button button--outline button--small" aria-label={t('docs.copyLabel', { example, api })} data-testid={`${testId}-copy`} onClick={() => void copy()}>
        {t('docs.copy')}
      </button>
    </div>
  );
}

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
            {Object.entries(examples[surface.id]).map(([name, code]) => {
              const title = t(`docs.${name as keyof (typeof examples)['deepl'] | keyof (typeof examples)['libre']}`);
              return (
                <div key={name}>
                  <div className="developers__sample-head">
                    <h3>{title}</h3>
                    <CopySample code={code} example={title} api={t(`docs.${surface.id}Title`)} testId={`curl-${surface.id}-${name}`} />
                  </div>
                  {/* Focusable: a long line scrolls the block sideways, and keyboard users scroll it too. */}
                  <pre data-testid={`curl-${surface.id}-${name}`} tabIndex={0}>
                    <code>{code}</code>
                  </pre>
                  {notes[name] && <p data-testid={`curl-${surface.id}-${name}-note`}>{notes[name]}</p>}
                </div>
              );
            })}
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
