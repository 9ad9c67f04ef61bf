import { Link } from 'react-router';

/**
 * The notice that machine translation is in beta, with the link to order a human translation
 * (the home page's hero and the translator). Both texts come translated from the caller.
 */
export function BetaNotice({ text, linkText, linkTestId, className }: { text: string; linkText: string; linkTestId: string; className?: string }) {
  return (
    <p className={className ? `beta-notice ${className}` : 'beta-notice'} role="note">
      <span className="beta-notice__icon" aria-hidden="true">
        !
      </span>
      <span>
        {text}{' '}
        <Link to="/human-translation" data-testid={linkTestId}>
          {linkText}
        </Link>
      </span>
    </p>
  );
}
