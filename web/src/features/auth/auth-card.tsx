import type { ReactNode } from 'react';
import './auth.css';

/** The frame of the sign-in, sign-up and password screens: a centred card with a title. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <section className="container page-section">
      <div className="panel auth-card">
        <header className="auth-card__header">
          <h1 className="auth-card__title">{title}</h1>
          {subtitle && <p className="auth-card__subtitle muted">{subtitle}</p>}
        </header>
        {children}
        {footer && <footer className="auth-card__footer">{footer}</footer>}
      </div>
    </section>
  );
}
