import { useTranslation } from 'react-i18next';
import { useEngineStatus } from './use-engine-status';
import './translator.css';

export type GlossScreen = 'text' | 'documents' | 'websites' | 'document' | 'admin';

/**
 * While only the offline dictionary answers (no neural model installed), says so on the
 * screen: its output is a word-by-word gloss, not a translation. The same look as the
 * translator's engine notice. `gloss` forces it for a result known to come from the
 * dictionary (a finished document); otherwise the engines' state decides.
 */
export function GlossNotice({ screen, gloss }: { screen: GlossScreen; gloss?: boolean }) {
  const { t } = useTranslation('translate');
  const { data } = useEngineStatus();
  if (!(gloss ?? data?.gloss)) return null;
  return (
    <p className="engine-notice engine-notice--dictionary gloss-notice" role="note" data-testid="gloss-notice" data-screen={screen}>
      <span className="engine-notice__line">{t(`gloss.${screen}`)}</span>
      {screen === 'admin' && (
        <span className="engine-notice__line">
          {t('gloss.adminHow')} <code dir="ltr">npm run models:install</code> · <code dir="ltr">docs/engines.md</code>
        </span>
      )}
    </p>
  );
}
