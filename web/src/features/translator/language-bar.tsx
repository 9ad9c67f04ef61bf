import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LlmMode } from '../account/limits.fns';
import { useCurrentUser } from '../account/use-current-user';
import { plansPathFor } from '../auth/roles';
import { FormField } from '../../components/form-field';
import { llmAvailableFor } from './translator.fns';
import { DOMAINS, LANGS, type Domain, type Lang, type SourceLang } from './types';

export interface LanguageBarProps {
  source: SourceLang;
  target: Lang;
  detected: Lang | null;
  domain: Domain;
  llm: boolean;
  /** 'available', or why the LLM switch is locked. */
  llmMode: LlmMode;
  onSourceChange: (source: SourceLang) => void;
  onTargetChange: (target: Lang) => void;
  onSwap: () => void;
  onDomainChange: (domain: Domain) => void;
  onLlmChange: (llm: boolean) => void;
}

/** Source and target selectors with the swap button, the domain selector and the LLM switch. */
export function LanguageBar(props: LanguageBarProps) {
  const { t } = useTranslation('translate');
  const ids = { llm: useId(), llmHint: useId() };
  const plansLink = plansPathFor(useCurrentUser().data);
  const lockedReason = props.llmMode === 'available' ? null : props.llmMode;
  const locked = lockedReason !== null;
  const llmPossible = !locked && llmAvailableFor(props.source, props.target);
  return (
    <div className="language-bar">
      <div className="language-bar__languages">
        <FormField label={t('languages.source')} className="form-field--inline">
          <select data-testid="source-lang" value={props.source} onChange={(event) => props.onSourceChange(event.target.value as SourceLang)}>
            <option value="auto">
              {props.source === 'auto' && props.detected ? t('languages.detected', { language: t(`languages.${props.detected}`) }) : t('languages.auto')}
            </option>
            {LANGS.map((lang) => (
              <option key={lang} value={lang}>
                {t(`languages.${lang}`)}
              </option>
            ))}
          </select>
        </FormField>
        <button type="button" className="icon-button language-bar__swap" data-testid="swap" onClick={props.onSwap} aria-label={t('languages.swap')} title={t('languages.swap')}>
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path fill="currentColor" d="M7 7h11.2l-2.6-2.6L17 3l5 5-5 5-1.4-1.4L18.2 9H7V7Zm10 10H5.8l2.6 2.6L7 21l-5-5 5-5 1.4 1.4L5.8 15H17v2Z" />
          </svg>
        </button>
        <FormField label={t('languages.target')} className="form-field--inline">
          <select data-testid="target-lang" value={props.target} onChange={(event) => props.onTargetChange(event.target.value as Lang)}>
            {LANGS.map((lang) => (
              <option key={lang} value={lang}>
                {t(`languages.${lang}`)}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="language-bar__options">
        <FormField label={t('domain.label')} className="form-field--inline">
          <select data-testid="domain" value={props.domain} onChange={(event) => props.onDomainChange(event.target.value as Domain)}>
            {DOMAINS.map((domain) => (
              <option key={domain} value={domain}>
                {t(`domain.${domain}`)}
              </option>
            ))}
          </select>
        </FormField>
        <label className="switch" htmlFor={ids.llm} title={t('llm.hint')}>
          <input
            id={ids.llm}
            type="checkbox"
            role="switch"
            data-testid="llm-switch"
            checked={props.llm && llmPossible}
            disabled={!llmPossible}
            aria-describedby={ids.llmHint}
            onChange={(event) => props.onLlmChange(event.target.checked)}
          />
          <span className="switch__track" aria-hidden="true" />
          <span className="switch__label">{t('llm.label')}</span>
          <span id={ids.llmHint} className="visually-hidden">
            {lockedReason ? t(`llm.locked.${lockedReason}`) : t('llm.hint')}
          </span>
        </label>
        {lockedReason && (
          <p className="language-bar__locked small muted" data-testid="llm-locked" data-reason={lockedReason}>
            {t(`llm.locked.${lockedReason}`)}
            {(lockedReason === 'guest' || lockedReason === 'not_in_plan') && (
              <>
                {' '}
                <Link to={plansLink.to} data-testid="llm-upgrade">
                  {t(`limit.${plansLink.label}`)}
                </Link>
              </>
            )}
          </p>
        )}
      </div>
    </div>
  );
}
