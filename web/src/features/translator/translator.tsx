import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/client';
import { useDialog } from '../../app/dialog-context';
import { BetaNotice } from '../../components/beta-notice';
import { copyText } from '../../components/copy-text';
import { formatNumber, isolate } from '../../i18n/format';
import { useLanguage } from '../../i18n/use-language';
import { useCurrentUser } from '../account/use-current-user';
import { useLimits } from '../account/use-limits';
import { DictionaryPanel } from './dictionary-panel';
import { GlossNotice } from './gloss-notice';
import { FeedbackDialog } from './feedback-dialog';
import { LanguageBar } from './language-bar';
import { LIMIT_MODAL, LimitDialog } from './limit-dialog';
import { ResultPane } from './result-pane';
import { SourceEditor } from './source-editor';
import { SuggestDialog } from './suggest-dialog';
import {
  countCharacters,
  guestToken,
  isShortInput,
  keepDraft,
  joinTargets,
  llmAvailableFor,
  guessLanguage,
  otherLang,
  overallReaction,
  parseTranslateResponse,
  reactionsOf,
  swapLanguages,
  takeDraft,
  withSuggestion,
} from './translator.fns';
import { useHistoryProject, useReact, useTranslate } from './use-translator';
import type { DictionaryEntry, Domain, Lang, SourceLang, TranslationResult } from './types';
import './translator.css';

/** What the source box's shortcut is called on this keyboard (source-editor.tsx takes Ctrl or ⌘ with Enter). */
const SHORTCUT_KEYS = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘ + Enter' : 'Ctrl + Enter';

interface Output {
  result: TranslationResult;
  dictionary: DictionaryEntry[];
  /** The source text this result belongs to; highlights apply while the text is unchanged. */
  text: string;
}

export interface TranslatorProps {
  /** A history entry to re-open (GET /api/user/translation-history/{id}). */
  projectId?: string | null;
  headingLevel?: 'h1' | 'h2';
  /** The beta notice under the translator; off where the page already shows it (the home page's hero). */
  betaNotice?: boolean;
}

/**
 * The text translator: languages, domain and LLM switch, the source box with its
 * character counter, the translation sentence by sentence, and the feedback loop
 * (copy, share, like or dislike, suggest, feedback). Guests see how to get more.
 */
export function Translator({ projectId = null, headingLevel = 'h2', betaNotice = true }: TranslatorProps) {
  const { t } = useTranslation('translate');
  const { language } = useLanguage();
  const limits = useLimits();
  // null once the server said the visitor is a guest; undefined while it is being asked.
  const { data: currentUser } = useCurrentUser();
  const { showDialog, showError } = useDialog();
  const translate = useTranslate();
  const react = useReact();

  const [source, setSource] = useState<SourceLang>('auto');
  const [target, setTarget] = useState<Lang>(language === 'ar' ? 'en' : 'ar');
  const [domain, setDomain] = useState<Domain>('general');
  const [llm, setLlm] = useState(false);
  const [text, setText] = useState('');
  const [output, setOutput] = useState<Output | null>(null);
  const [active, setActive] = useState<number | null>(null);
  const [reactions, setReactions] = useState<Record<string, 'like' | 'dislike'>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [suggestIndex, setSuggestIndex] = useState<number | null>(null);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const [limitType, setLimitType] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // A guest's usage from the last answer: the count of translations left outlives a cleared result (swap).
  const [guestUsage, setGuestUsage] = useState<TranslationResult['usage'] | null>(null);
  const statusTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Re-opening an entry of the history.
  const project = useHistoryProject(projectId, !limits.isGuest);
  const opened = useRef<string | null>(null);
  useEffect(() => {
    const detail = project.data?.data.detail;
    // A text entry's detail is its sentences (contract/translate.ts TextDetail).
    if (!projectId || !detail || !('segments' in detail) || opened.current === projectId) return;
    opened.current = projectId;
    setSource(detail.source_lang);
    setTarget(detail.target_lang);
    setDomain(detail.domain);
    setLlm(detail.llm);
    setText(detail.text);
    setOutput({
      text: detail.text,
      dictionary: [],
      result: { project_id: projectId, source_lang: detail.source_lang, target_lang: detail.target_lang, domain: detail.domain, engine: detail.engine, llm: detail.llm, leading: detail.leading, segments: detail.segments },
    });
    setReactions(reactionsOf(detail.segments));
    setNotice(t('reopened'));
  }, [project.data, projectId, t]);
  // A guest's text, kept while they signed in from "Sign in to suggest a better translation", is back in the box.
  useEffect(() => {
    if (projectId) return;
    const draft = takeDraft();
    if (!draft) return;
    setSource(draft.source);
    setTarget(draft.target);
    setDomain(draft.domain);
    setText(draft.text);
  }, [projectId]);
  useEffect(() => {
    if (projectId && project.isError) setNotice(t('reopenFailed'));
  }, [project.isError, projectId, t]);

  useEffect(() => () => void (statusTimer.current && clearTimeout(statusTimer.current)), []);
  /** Says what an action on the result did, for 4 s; `null` says nothing (a new result: the message was about the last). */
  const flash = (message: string | null) => {
    setStatus(message);
    if (statusTimer.current) clearTimeout(statusTimer.current);
    statusTimer.current = message === null ? null : setTimeout(() => setStatus(null), 4000);
  };

  const result = output?.result ?? null;
  const highlightable = output && output.text === text ? output.result : null;
  // Detection follows the text: the server's answer while the text is the one it translated,
  // else the script of the text as typed or pasted (so "Detected: English" never outlives its text).
  const guessed = source === 'auto' ? guessLanguage(text) : null;
  const detected = source !== 'auto' ? null : output?.text === text && result?.detected ? result.source_lang : guessed;

  // Text in the target language flips the pair by itself (as the documents screen does), and says so.
  useEffect(() => {
    if (!guessed || guessed !== target) return;
    const next = otherLang(guessed);
    setTarget(next);
    setNotice(t('autoPair.flipped', { source: t(`languages.${guessed}`), target: t(`languages.${next}`) }));
  }, [guessed, target, t]);

  // A text over the character limit is not sent: the editor says so under its counter.
  const tooLong = countCharacters(text) > limits.charLimit;
  const submit = () => {
    if (!text.trim() || translate.isPending || tooLong) return;
    translate.mutate(
      { text, source_lang: source, target_lang: target, domain, llm: llm && limits.llmMode === 'available' && llmAvailableFor(source, target), token: limits.isGuest ? guestToken() : undefined },
      {
        onSuccess: (response) => {
          const parsed = parseTranslateResponse(response);
          setOutput({ ...parsed, text });
          if (parsed.result.usage) setGuestUsage(parsed.result.usage);
          setReactions({});
          setActive(null);
          setLimitType(null); // Spec section 4: any answer but 402 clears the limit flag.
          setNotice(null);
          flash(null);
        },
        onError: (error) => {
          if (isApiError(error) && error.status === 402) {
            setLimitType(error.type);
            // Today's translations are used up (in another tab, too): the count of those left says so, not the last answer's.
            if (error.type === 'request_quota') setGuestUsage((usage) => usage && { ...usage, text_requests_today: Math.max(usage.text_requests_today, usage.request_quota) });
            showDialog({ modalType: LIMIT_MODAL, title: t('limit.title'), message: error.message });
          } else {
            setLimitType(null);
            showError(error);
          }
        },
      },
    );
  };

  const copy = async () => {
    if (!result) return;
    flash((await copyText(joinTargets(result))) ? t('actions.copied') : t('actions.copyFailed'));
  };

  const overall = result ? overallReaction(result.segments, reactions) : null;
  const setReaction = (reaction: 'like' | 'dislike') => {
    if (!result) return;
    const next = overall === reaction ? 'none' : reaction;
    react.mutate(
      { translationIds: result.segments.map((segment) => segment.translationId), reaction: next },
      {
        onSuccess: () => {
          setReactions(next === 'none' ? {} : Object.fromEntries(result.segments.map((segment) => [segment.translationId, next])));
          flash(t('actions.reactionSaved'));
        },
        onError: (error) => showError(error),
      },
    );
  };

  /** A guest leaves to sign in from the translator: their text waits for them in this tab. */
  const keepText = () => keepDraft({ text, source, target, domain });
  // An emptied box (the clear button, or the text deleted) takes the translation with it, as DeepL's and Google's do.
  const changeText = (value: string) => {
    setText(value);
    if (!value.trim()) {
      setOutput(null);
      setActive(null);
      flash(null);
    }
  };
  const changeSource = (value: SourceLang) => {
    setSource(value);
    if (value === target) setTarget(otherLang(value as Lang));
  };
  const changeTarget = (value: Lang) => {
    setTarget(value);
    if (value === source) setSource(otherLang(value));
  };
  const swap = () => {
    const next = swapLanguages({ source, target, text, detected, translation: result ? joinTargets(result) : null });
    setSource(next.source);
    setTarget(next.target);
    setText(next.text);
    setOutput(null);
  };

  const Heading = headingLevel;
  const guestLeft = limits.isGuest && guestUsage ? Math.max(0, guestUsage.request_quota - guestUsage.text_requests_today) : null;
  const showDictionary = output && output.dictionary.length > 0 && isShortInput(output.text);

  return (
    <div className="translator panel" data-testid="translator">
      <div className="translator__heading">
        <Heading className="translator__title">{t('title')}</Heading>
        <p className="muted translator__subtitle">{t('subtitle')}</p>
      </div>

      {notice && (
        <p className="notice notice--success translator__notice" role="status">
          {notice}
        </p>
      )}

      <LanguageBar
        source={source}
        target={target}
        detected={detected}
        domain={domain}
        llm={llm}
        llmMode={limits.llmMode}
        onSourceChange={changeSource}
        onTargetChange={changeTarget}
        onSwap={swap}
        onDomainChange={setDomain}
        onLlmChange={setLlm}
      />

      {/* Before the first answer; afterwards the result's own engine notice says it. */}
      {!result && <GlossNotice screen="text" />}

      <div className="translator__panes">
        <div className="translator__pane translator__pane--source">
          <SourceEditor
            text={text}
            source={source === 'auto' && detected ? detected : source}
            charLimit={limits.charLimit}
            result={highlightable}
            activeSegment={active}
            onTextChange={changeText}
            onActiveSegmentChange={setActive}
            onSubmit={submit}
          />
          <div className="translator__submit">
            <button type="button" className="button button--primary" data-testid="translate" onClick={submit} disabled={translate.isPending || !text.trim() || tooLong}>
              {translate.isPending ? t('translating') : t('translate')}
            </button>
            {/* The keys, as the keyboard labels them; the hint is hidden where there is no keyboard (translator.css). */}
            <span className="muted translator__shortcut" data-testid="translate-shortcut">
              {t('shortcut', { keys: isolate(SHORTCUT_KEYS) })}
            </span>
          </div>
        </div>
        <div className="translator__pane translator__pane--target">
          <ResultPane
            result={result}
            pending={translate.isPending}
            activeSegment={highlightable ? active : null}
            reaction={overall}
            isGuest={limits.isGuest}
            status={status}
            onActiveSegmentChange={(index) => highlightable && setActive(index)}
            onCopy={() => void copy()}
            onReact={setReaction}
            onSuggest={(index) => setSuggestIndex(index)}
            onSignIn={keepText}
            onFeedback={() => setFeedbackOpen(true)}
          />
        </div>
      </div>

      {showDictionary && result && <DictionaryPanel entries={output.dictionary} source={result.source_lang} target={result.target_lang} />}

      {/* Only to a known guest: a signed-in user's page does not flash it while their account loads. */}
      {limits.isGuest && currentUser === null && (
        <div className="guest-prompt" data-testid="guest-prompt">
          <p>{t('guest.prompt')}</p>
          {guestLeft !== null && <p className="guest-prompt__left" data-testid="guest-left">{t('guest.remaining', { left: formatNumber(guestLeft, language) })}</p>}
          <Link className="button button--outline button--small" to="/register">
            {t('guest.signUp')}
          </Link>
        </div>
      )}

      {betaNotice && <BetaNotice className="translator__beta" text={t('beta')} linkText={t('orderHuman')} linkTestId="translator-order-link" />}

      <LimitDialog type={limitType} isGuest={limits.isGuest} onSignIn={keepText} />
      {result && (
        <SuggestDialog
          open={suggestIndex !== null}
          segments={result.segments}
          initialIndex={suggestIndex ?? 0}
          source={result.source_lang}
          target={result.target_lang}
          onClose={() => setSuggestIndex(null)}
          onSaved={(index, suggestion) => {
            const segments = result.segments.map((segment, i) => (i === index ? withSuggestion(segment, suggestion) : segment));
            setOutput((current) => (current ? { ...current, result: { ...current.result, segments } } : current));
          }}
        />
      )}
      <FeedbackDialog open={feedbackOpen} translationId={result?.segments[active ?? 0]?.translationId} isGuest={limits.isGuest} onClose={() => setFeedbackOpen(false)} />
    </div>
  );
}
