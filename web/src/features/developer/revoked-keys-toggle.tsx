import { useTranslation } from 'react-i18next';

/**
 * Shows and hides the revoked keys: a disclosure button (its state said by aria-expanded, its text saying what it does
 * next), reached and pressed with the keyboard like any button. It counts the revoked keys in the page's language.
 */
export function RevokedKeysToggle({ count, open, controls, onToggle }: { count: number; open: boolean; controls: string; onToggle: () => void }) {
  const { t } = useTranslation('developer');
  return (
    <button type="button" className="button button--ghost button--small api-keys__revoked-toggle" aria-expanded={open} aria-controls={controls} onClick={onToggle} data-testid="api-keys-revoked-toggle">
      {t(open ? 'keys.hideRevoked' : 'keys.showRevoked', { count })}
    </button>
  );
}
