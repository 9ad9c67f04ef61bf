import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RecordingReplay } from './use-analytics';

type PlayerInstance = { $destroy?: () => void; pause?: () => void };

/**
 * rrweb's open-source player over a recording's events, loaded only when an admin opens
 * a replay. The recorded page is rebuilt inside a sandboxed iframe; its scripts never run.
 * `rr-block` keeps a replay out of the admin's own session recording.
 */
export function ReplayPlayer({ events }: { events: RecordingReplay['events'] }) {
  const { t } = useTranslation('analytics');
  const container = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let player: PlayerInstance | null = null;
    let cancelled = false;
    void (async () => {
      try {
        const [{ default: Player }] = await Promise.all([import('rrweb-player'), import('rrweb-player/dist/style.css')]);
        const target = container.current;
        if (cancelled || !target) return;
        target.replaceChildren();
        const width = Math.max(320, Math.min(target.clientWidth, 1200));
        player = new Player({
          target,
          props: { events: events as never, width, height: Math.round(width * 0.6), autoPlay: false, skipInactive: true, showController: true, mouseTail: false },
        }) as unknown as PlayerInstance;
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      player?.pause?.();
      player?.$destroy?.();
    };
  }, [events]);

  if (failed) return <p className="notice notice--error">{t('replay.failed')}</p>;
  return <div ref={container} className="replay-player rr-block" dir="ltr" data-testid="replay-player" />;
}
