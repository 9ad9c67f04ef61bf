import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AppliedSummary, Lang } from '../../../../contract/translate';
import { forwardArrow } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import './translator.css';

export interface GlossaryNoteProps {
  /** The glossary terms the translation applied (wording -> rendering). */
  terms: Array<{ source: string; target: string }>;
  sourceLang: Lang;
  targetLang: Lang;
  /** How many different terms were applied, where `terms` may list fewer (documents, websites): the title counts them. */
  termCount?: number;
  /** Sentences from the user's translation memory (documents, websites). */
  memorySegments?: number;
  /** Of those, the ones memory answered with only their numbers changed (fuzzy hits). */
  memoryFuzzySegments?: number;
  /** Sentences answered by the user's approved corrections (documents, websites), counted apart from memory as the translator lists them. */
  correctionSegments?: number;
  /** Links to the glossary (signed-in users). */
  manage: boolean;
  testId?: string;
}

/**
 * What the glossary (and translation memory) did for a translation: the terms applied, and for
 * a document or web page how many sentences show an approved correction, and how many came
 * from memory otherwise (and how many of those with only their numbers changed). The
 * translator, the document result and the website results share it; nothing is shown when
 * none applied.
 */
export function GlossaryNote({ terms, sourceLang, targetLang, termCount, memorySegments = 0, memoryFuzzySegments = 0, correctionSegments = 0, manage, testId = 'glossary-applied' }: GlossaryNoteProps) {
  const { t } = useTranslation('translate');
  const { language } = useLanguage();
  if (!terms.length && memorySegments <= 0 && correctionSegments <= 0) return null;
  const more = termCount === undefined ? 0 : termCount - terms.length;
  return (
    <div className="engine-notice glossary-note" data-testid={testId}>
      {correctionSegments > 0 && (
        <p className="glossary-note__line" data-testid="corrections-applied">
          {t('glossaryApplied.corrections', { count: correctionSegments })}
        </p>
      )}
      {memorySegments > 0 && (
        <p className="glossary-note__line" data-testid="memory-applied">
          {t('glossaryApplied.memory', { count: memorySegments })}
          {memoryFuzzySegments > 0 && <span data-testid="memory-fuzzy-applied">{t('glossaryApplied.memoryFuzzy', { count: memoryFuzzySegments })}</span>}
        </p>
      )}
      {terms.length > 0 && (
        <>
          <span data-testid="glossary-applied-title">{termCount === undefined ? t('glossaryApplied.title') : t('glossaryApplied.terms', { count: termCount })}</span>
          <ul>
            {terms.map((term) => (
              <li key={`${term.source}\u0000${term.target}`}>
                <bdi lang={sourceLang}>{term.source}</bdi> {forwardArrow(language)} <bdi lang={targetLang}>{term.target}</bdi>
              </li>
            ))}
            {more > 0 && <li className="glossary-note__more">{t('glossaryApplied.more', { count: more })}</li>}
          </ul>
        </>
      )}
      {manage && terms.length > 0 && <Link to="/glossary">{t('glossaryApplied.manage')}</Link>}
    </div>
  );
}

/** A document's or web page's stored summary as the note shows it (nothing when there is none). */
export function AppliedNote({ applied, sourceLang, targetLang, manage, testId }: { applied: AppliedSummary | null | undefined; sourceLang: Lang; targetLang: Lang; manage: boolean; testId: string }) {
  if (!applied) return null;
  return (
    <GlossaryNote
      terms={applied.glossary_terms}
      termCount={applied.glossary_term_count}
      memorySegments={applied.memory_segments}
      memoryFuzzySegments={applied.memory_fuzzy_segments}
      correctionSegments={applied.correction_segments}
      sourceLang={sourceLang}
      targetLang={targetLang}
      manage={manage}
      testId={testId}
    />
  );
}
