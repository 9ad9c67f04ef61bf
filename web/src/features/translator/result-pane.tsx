import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { forwardArrow, isolate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { signInPathFor } from '../auth/roles';
import { GlossaryNote } from './glossary-note';
import { ShareMenu } from './share-menu';
import { directionOf, engineNamed, joinTargets, machineTargetOf, sentenceAfterKey } from './translator.fns';
import type { TranslatedSegment, TranslationResult } from './types';

export interface ResultPaneProps {
  result: TranslationResult | null;
  pending: boolean;
  activeSegment: number | null;
  reaction: 'like' | 'dislike' | null;
  isGuest: boolean;
  status: string | null;
  onActiveSegmentChange: (index: number | null) => void;
  onCopy: () => void;
  onReact: (reaction: 'like' | 'dislike') => void;
  onSuggest: (index: number) => void;
  /** A guest leaves to sign in (to suggest): the translator keeps their text for their return. */
  onSignIn: () => void;
  onFeedback: () => void;
}

const KNOWN_ENGINES = new Set(['dictionary', 'memory', 'llm', 'local']);

/** The translation, sentence by sentence (hover or focus highlights the source sentence too), and its actions. */
export function ResultPane(props: ResultPaneProps) {
  const { t } = useTranslation('translate');
  const { language } = useLanguage();
  const { result } = props;
  const location = useLocation();
  const text = result ? joinTargets(result) : '';
  const engine = result?.engine ?? null;
  // Sentences memory answered with only their numbers changed (the pipeline's fuzzy hits): marked for review.
  const fuzzy = result ? result.segments.filter((segment) => segment.origin === 'memory-fuzzy').length : 0;
  // Memory's corrections are listed with the corrections below, so a translation made only of them names no engine.
  const named = result ? engineNamed(result) : false;
  // Sentences that show the user's approved correction: marked, and listed with what the machine had said.
  const corrections = (result?.segments ?? []).flatMap((segment) => {
    const machine = machineTargetOf(segment);
    return machine ? [{ id: segment.translationId, machine, target: segment.target }] : [];
  });
  const machineOf = new Map(corrections.map((correction) => [correction.id, correction.machine]));
  const sentenceTitle = (segment: TranslatedSegment) => {
    const machine = machineOf.get(segment.translationId);
    if (machine) return t('corrected.title', { machine: isolate(machine) });
    return segment.origin === 'memory-fuzzy' ? t('memoryFuzzy.title') : undefined;
  };
  return (
    <div className="result-pane">
      <div
        className={`result-pane__output${props.pending ? ' result-pane__output--pending' : ''}`}
        data-testid="translation-output"
        data-private=""
        lang={result?.target_lang}
        dir={result ? directionOf(result.target_lang) : 'auto'}
        // A labelled region (a name on a plain div is not announced): screen readers can jump to the translation.
        role="region"
        aria-live="polite"
        aria-busy={props.pending}
        aria-label={t('output.label')}
        onMouseLeave={() => props.onActiveSegmentChange(null)}
      >
        {result ? (
          <>
            {result.leading}
            {result.segments.map((segment, index) => (
              <span key={segment.translationId}>
                <span
                  className={`sentence${index === props.activeSegment ? ' sentence--active' : ''}${segment.origin === 'memory-fuzzy' ? ' sentence--fuzzy' : ''}${machineOf.has(segment.translationId) ? ' sentence--corrected' : ''}`}
                  title={sentenceTitle(segment)}
                  data-origin={segment.origin}
                  data-corrected={machineOf.has(segment.translationId) ? '' : undefined}
                  data-testid="target-sentence"
                  // One tab stop for the whole translation (a roving tabindex): the arrow keys move between its sentences, so
                  // Tab goes on to Copy instead of stopping at each of a long text's sentences.
                  tabIndex={index === (props.activeSegment ?? 0) ? 0 : -1}
                  onKeyDown={(event) => {
                    const next = sentenceAfterKey(event.key, index, result.segments.length, directionOf(result.target_lang));
                    if (next === null) return;
                    event.preventDefault();
                    (event.currentTarget.parentElement?.parentElement?.querySelectorAll<HTMLElement>('[data-testid="target-sentence"]')[next])?.focus();
                  }}
                  onMouseEnter={() => props.onActiveSegmentChange(index)}
                  onFocus={() => props.onActiveSegmentChange(index)}
                  onBlur={() => props.onActiveSegmentChange(null)}
                  onDoubleClick={() => !props.isGuest && props.onSuggest(index)}
                >
                  {segment.target}
                </span>
                {segment.separator}
              </span>
            ))}
          </>
        ) : (
          <span className="result-pane__placeholder">{t('output.placeholder')}</span>
        )}
      </div>

      {result && engine && (named || result.llm_unavailable || fuzzy > 0) && (
        <p className={`engine-notice engine-notice--${KNOWN_ENGINES.has(engine) ? engine : 'other'}`} data-testid="engine-notice" data-engine={engine}>
          {result.llm_unavailable && <span className="engine-notice__line">{t('llm.unavailable')}</span>}
          {named && <span className="engine-notice__line">{KNOWN_ENGINES.has(engine) ? t(`engine.${engine as 'dictionary'}`) : t('engine.other', { engine })}</span>}
          {fuzzy > 0 && (
            <span className="engine-notice__line" data-testid="memory-fuzzy-notice">
              {t('memoryFuzzy.notice', { count: fuzzy })}
            </span>
          )}
        </p>
      )}

      {result && corrections.length > 0 && (
        <div className="engine-notice glossary-note corrections-note" data-testid="corrections-note">
          <span>{t('corrected.notice', { count: corrections.length })}</span>
          <ul>
            {corrections.map((correction) => (
              // Two lines in the page's direction, the arrow leading the correction: a long sentence in the other script
              // wraps inside its line instead of stranding the arrow on a line of its own.
              <li key={correction.id} data-testid="correction">
                <span className="corrections-note__machine" data-testid="correction-machine">
                  <bdi lang={result.target_lang}>{correction.machine}</bdi>
                </span>{' '}
                <span className="corrections-note__target" data-testid="correction-target">
                  {forwardArrow(language)} <bdi lang={result.target_lang}>{correction.target}</bdi>
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}

      {result && <GlossaryNote terms={result.glossary_terms ?? []} sourceLang={result.source_lang} targetLang={result.target_lang} manage={!props.isGuest} />}

      {result && (
        <div className="result-pane__toolbar" role="toolbar" aria-label={t('actions.toolbar')}>
          <button type="button" className="tool-button" data-testid="copy" onClick={props.onCopy}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M16 1H4a2 2 0 0 0-2 2v14h2V3h12V1Zm3 4H8a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2Zm0 16H8V7h11v14Z" />
            </svg>
            <span>{t('actions.copy')}</span>
          </button>
          <ShareMenu text={text} />
          <button type="button" className="tool-button" data-testid="like" aria-pressed={props.reaction === 'like'} onClick={() => props.onReact('like')} title={t('actions.like')}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M2 21h4V9H2v12Zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3c0-.4-.2-.8-.4-1.1L13.2 1 6.6 7.6c-.4.4-.6.9-.6 1.4v10a2 2 0 0 0 2 2h9c.8 0 1.5-.5 1.8-1.2l3-7.1c.1-.2.2-.5.2-.7v-2Z" />
            </svg>
            <span className="visually-hidden">{t('actions.like')}</span>
          </button>
          <button type="button" className="tool-button" data-testid="dislike" aria-pressed={props.reaction === 'dislike'} onClick={() => props.onReact('dislike')} title={t('actions.dislike')}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M22 3h-4v12h4V3ZM2 14a2 2 0 0 0 2 2h6.3l-1 4.6v.3c0 .4.2.8.4 1.1l1.1 1 6.6-6.6c.4-.4.6-.9.6-1.4V5a2 2 0 0 0-2-2H7c-.8 0-1.5.5-1.8 1.2l-3 7.1c-.1.2-.2.5-.2.7v2Z" />
            </svg>
            <span className="visually-hidden">{t('actions.dislike')}</span>
          </button>
          {props.isGuest ? (
            // Back to this translator once signed in (not to the dashboard), the text kept.
            <Link className="tool-button" to={signInPathFor(`${location.pathname}${location.search}`)} data-testid="suggest" onClick={props.onSignIn}>
              <span>{t('actions.suggestSignIn')}</span>
            </Link>
          ) : (
            <button type="button" className="tool-button" data-testid="suggest" onClick={() => props.onSuggest(props.activeSegment ?? 0)}>
              <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M3 17.2V21h3.8l11-11-3.8-3.8-11 11Zm17.7-10.2a1 1 0 0 0 0-1.4l-2.3-2.3a1 1 0 0 0-1.4 0l-1.8 1.8 3.8 3.8 1.7-1.9Z" />
              </svg>
              <span>{t('actions.suggest')}</span>
            </button>
          )}
          <button type="button" className="tool-button" data-testid="feedback" onClick={props.onFeedback}>
            <span>{t('actions.feedback')}</span>
          </button>
          <p className="result-pane__status" role="status" data-testid="action-status">
            {props.status}
          </p>
        </div>
      )}
    </div>
  );
}
