import { useId, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { countCharacters, directionOf, guessLanguage, segmentAt } from './translator.fns';
import type { SourceLang, TranslationResult } from './types';

export interface SourceEditorProps {
  text: string;
  source: SourceLang;
  charLimit: number;
  /** The result whose sentences match the text exactly (null once the text is edited). */
  result: TranslationResult | null;
  activeSegment: number | null;
  onTextChange: (text: string) => void;
  onActiveSegmentChange: (index: number | null) => void;
  onSubmit: () => void;
}

/**
 * The source text box. Behind the transparent textarea, a backdrop with the same text and
 * metrics draws the highlight of the active sentence, so the sentence under the caret (or
 * under the pointer in the translation) is marked in both panes.
 */
export function SourceEditor({ text, source, charLimit, result, activeSegment, onTextChange, onActiveSegmentChange, onSubmit }: SourceEditorProps) {
  const { t } = useTranslation('translate');
  const id = useId();
  const counterId = useId();
  const backdropRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const count = countCharacters(text);
  const over = count > charLimit;
  const dir = directionOf(source);
  // "Detect language": the text's own script decides (a dir="auto" box cannot tell its clear button where the text ends).
  const fieldDir = source === 'auto' ? directionOf(guessLanguage(text)) : dir;

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      onSubmit();
    }
  };

  const syncCaret = (element: HTMLTextAreaElement) => {
    if (result) onActiveSegmentChange(segmentAt(result, element.selectionStart));
  };

  return (
    <div className="source-editor" data-private="">
      <label className="visually-hidden" htmlFor={id}>
        {t('input.label')}
      </label>
      {/* The field takes the text's direction, so the clear button sits at the end of the text
          (its inline end), on the side the text's end padding keeps free, in either interface language. */}
      <div className="source-editor__field" dir={fieldDir}>
        <div ref={backdropRef} className="source-editor__backdrop" dir={dir} lang={source === 'auto' ? undefined : source} aria-hidden="true">
          {result ? (
            <>
              {result.leading}
              {result.segments.map((segment, index) => (
                <span key={segment.translationId}>
                  <mark className={index === activeSegment ? 'sentence-mark sentence-mark--active' : 'sentence-mark'}>{segment.source}</mark>
                  {segment.separator}
                </span>
              ))}
            </>
          ) : (
            text
          )}
          {'\u200b'}
        </div>
        <textarea
          ref={inputRef}
          id={id}
          className="source-editor__input"
          data-testid="source-text"
          dir={dir}
          lang={source === 'auto' ? undefined : source}
          value={text}
          placeholder={t('input.placeholder')}
          aria-describedby={counterId}
          aria-invalid={over || undefined}
          spellCheck
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
          onKeyUp={(event) => syncCaret(event.currentTarget)}
          onClick={(event) => syncCaret(event.currentTarget)}
          onBlur={() => onActiveSegmentChange(null)}
          onScroll={(event) => {
            if (backdropRef.current) backdropRef.current.scrollTop = event.currentTarget.scrollTop;
          }}
        />
        {text && (
          <button type="button" className="icon-button source-editor__clear" onClick={() => {
              onTextChange('');
              // The button goes with the text: the focus goes back to the box, ready for the next text (not to the page's top).
              inputRef.current?.focus();
            }}
            aria-label={t('input.clear')} title={t('input.clear')}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path fill="currentColor" d="M18.3 5.7 12 12l6.3 6.3-1.4 1.4L10.6 13.4 4.3 19.7l-1.4-1.4L9.2 12 2.9 5.7l1.4-1.4 6.3 6.3 6.3-6.3 1.4 1.4Z" />
            </svg>
          </button>
        )}
      </div>
      <p id={counterId} className={`source-editor__counter${over ? ' source-editor__counter--over' : ''}`} data-testid="char-counter" aria-live="polite">
        {t('counter', { used: count, count: charLimit })}
      </p>
      {/* Said in words, not only in red: Translate waits until the text fits (translator.tsx). */}
      {over && (
        <p className="source-editor__over" data-testid="char-over" role="status">
          {t('counterOver', { count: charLimit })}
        </p>
      )}
    </div>
  );
}
