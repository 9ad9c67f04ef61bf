import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { api } from '../../api/client';
import { useLanguage } from '../../i18n/use-language';
import { useConsent } from '../consent/use-consent';
import { isTrackedPath, pageViewPayload, visitorIdFor } from './analytics.fns';
import { startSessionRecording, stopSessionRecording } from './session-recorder';

export const PAGE_VIEWS_ENDPOINT = '/api/analytics/page-views';

function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const newVisitorId = () => crypto.randomUUID();

/**
 * First-party analytics, mounted once in the layout: a page view for every completed
 * route change (anonymous until the visitor accepts the cookie banner), and the session
 * recorder, started once when consent is (or already was) given.
 */
export function AnalyticsTracker() {
  const location = useLocation();
  const { language } = useLanguage();
  const { choice, accepted } = useConsent();
  const previous = useRef<{ key: string; pathname: string; search: string; hash: string } | null>(null);
  const languageRef = useRef(language);
  languageRef.current = language;

  // Page views: the router has finished the navigation when the location changes.
  useEffect(() => {
    const before = previous.current;
    if (before?.key === location.key) return; // StrictMode runs effects twice in development.
    previous.current = { key: location.key, pathname: location.pathname, search: location.search, hash: location.hash };
    // A jump to an anchor of the same page is not a new page.
    if (before && before.pathname === location.pathname && before.search === location.search && before.hash !== location.hash) return;
    if (!isTrackedPath(location.pathname)) return;
    const payload = pageViewPayload({
      pathname: location.pathname,
      locale: languageRef.current,
      previousPath: before?.pathname ?? null,
      documentReferrer: document.referrer,
      visitorId: visitorIdFor(accepted, browserStorage(), newVisitorId),
    });
    api.post(PAGE_VIEWS_ENDPOINT, payload).catch(() => undefined); // Analytics never disturbs the visitor.
    // Only a navigation makes a page view, not a later consent choice.
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps

  // Session recording: only with consent; a declined (or withdrawn) consent stops it.
  useEffect(() => {
    if (accepted) {
      const visitorId = visitorIdFor(true, browserStorage(), newVisitorId);
      if (visitorId) void startSessionRecording({ visitorId, locale: () => languageRef.current }).catch(() => undefined);
    } else if (choice === 'declined') {
      visitorIdFor(false, browserStorage(), newVisitorId);
      stopSessionRecording();
    }
  }, [accepted, choice]);

  return null;
}
