import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHARE_TARGETS, shareUrl } from './translator.fns';

/** "Share": the social networks' share links, and the device's own share sheet where there is one. */
export function ShareMenu({ text }: { text: string }) {
  const { t } = useTranslation('translate');
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const pageUrl = typeof window === 'undefined' ? '' : `${window.location.origin}/`;
  const canShareNatively = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return;
        // The list goes away under the focus: back to the button that opened it, not to the page's start.
        if (rootRef.current?.contains(document.activeElement)) buttonRef.current?.focus();
        setOpen(false);
      } else if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    <div className="share-menu" ref={rootRef}>
      <button type="button" className="tool-button" data-testid="share" ref={buttonRef} aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path fill="currentColor" d="M18 16.1c-.8 0-1.5.3-2 .8l-7.1-4.2c.1-.2.1-.5.1-.7s0-.5-.1-.7L16 7.2c.5.5 1.2.8 2 .8 1.7 0 3-1.3 3-3s-1.3-3-3-3-3 1.3-3 3c0 .2 0 .5.1.7L8 9.8C7.5 9.3 6.8 9 6 9c-1.7 0-3 1.3-3 3s1.3 3 3 3c.8 0 1.5-.3 2-.8l7.1 4.2c-.1.2-.1.4-.1.6 0 1.6 1.3 2.9 2.9 2.9s2.9-1.3 2.9-2.9-1.2-2.9-2.8-2.9Z" />
        </svg>
        <span>{t('actions.share')}</span>
      </button>
      {open && (
        <ul id={menuId} className="share-menu__list" aria-label={t('share.title')}>
          {SHARE_TARGETS.map((target) => (
            <li key={target}>
              <a href={shareUrl(target, text, pageUrl)} target="_blank" rel="noopener noreferrer" onClick={() => setOpen(false)}>
                {t(`share.${target}`)}
              </a>
            </li>
          ))}
          {canShareNatively && (
            <li>
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  void navigator.share({ text, url: pageUrl }).catch(() => {});
                }}
              >
                {t('share.device')}
              </button>
            </li>
          )}
        </ul>
      )}
    </div>
  );
}
