import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from './analytics.fns';
import type { RecordingReplay } from './use-analytics';

/** The part of rrweb-player's API the controls use (its own controller bar is hidden). */
type PlayerInstance = {
  $destroy(): void;
  toggle(): void;
  pause(): void;
  goto(timeOffset: number, play?: boolean): void;
  setSpeed(speed: number): void;
  toggleSkipInactive(): void;
  getMetaData(): { totalTime: number };
  addEventListener(event: string, handler: (params: { payload: unknown }) => unknown): void;
};

export const REPLAY_SPEEDS = [1, 2, 4, 8] as const;

/**
 * rrweb's open-source player over a recording's events, loaded only when an admin opens
 * a replay. The recorded page is rebuilt inside a sandboxed iframe; its scripts never run.
 * `rr-block` keeps a replay out of the admin's own session recording. The player's own control
 * bar is English only ("skip inactive") with unlabelled buttons, so it is hidden and these
 * controls drive the player through its API, in the interface's language. Like any media
 * player's, the bar stays left to right in Arabic (time runs left to right); its words follow
 * the page.
 */
export function ReplayPlayer({ events }: { events: RecordingReplay['events'] }) {
  const { t } = useTranslation('analytics');
  const container = useRef<HTMLDivElement>(null);
  const player = useRef<PlayerInstance | null>(null);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [current, setCurrent] = useState(0);
  const [total, setTotal] = useState(0);
  const [speed, setSpeed] = useState<number>(1);
  const [skipInactive, setSkipInactive] = useState(true);
  const skipId = useId();

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      try {
        const [{ default: Player }] = await Promise.all([import('rrweb-player'), import('rrweb-player/dist/style.css')]);
        const target = container.current;
        if (cancelled || !target) return;
        target.replaceChildren();
        const width = Math.max(320, Math.min(target.clientWidth, 1200));
        const instance = new Player({
          target,
          props: { events: events as never, width, height: Math.round(width * 0.6), autoPlay: false, skipInactive: true, showController: false, mouseTail: false },
        }) as unknown as PlayerInstance;
        player.current = instance;
        instance.addEventListener('ui-update-current-time', ({ payload }) => setCurrent(Number(payload)));
        instance.addEventListener('ui-update-player-state', ({ payload }) => setPlaying(payload === 'playing'));
        setTotal(instance.getMetaData().totalTime);
        setReady(true);
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
      player.current?.pause();
      player.current?.$destroy();
      player.current = null;
    };
  }, [events]);

  if (failed) return <p className="notice notice--error">{t('replay.failed')}</p>;
  return (
    <div className="replay-player rr-block" data-testid="replay-player">
      <div ref={container} className="replay-player__stage" dir="ltr" />
      {ready && (
        <div className="replay-player__controls" dir="ltr" data-testid="replay-controls">
          <div className="replay-player__timeline">
            <button type="button" className="replay-player__play" aria-label={t(playing ? 'replay.controls.pause' : 'replay.controls.play')} onClick={() => player.current?.toggle()} data-testid="replay-play">
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                {playing ? <path d="M4 2h3v12H4zM9 2h3v12H9z" fill="currentColor" /> : <path d="M4 2l10 6-10 6z" fill="currentColor" />}
              </svg>
            </button>
            <span className="replay-player__time">{formatDuration(Math.min(current, total))}</span>
            <input
              type="range"
              min={0}
              max={total}
              step={100}
              value={Math.min(current, total)}
              aria-label={t('replay.controls.position')}
              aria-valuetext={`${formatDuration(current)} / ${formatDuration(total)}`}
              onChange={(event) => player.current?.goto(Number(event.target.value), playing)}
              data-testid="replay-position"
            />
            <span className="replay-player__time">{formatDuration(total)}</span>
          </div>
          <div className="replay-player__options">
            <div className="segmented" role="group" aria-label={t('replay.controls.speed')} data-testid="replay-speed">
              {REPLAY_SPEEDS.map((option) => (
                <button
                  key={option}
                  type="button"
                  className="segmented__option"
                  aria-pressed={speed === option}
                  onClick={() => {
                    player.current?.setSpeed(option);
                    setSpeed(option);
                  }}
                >
                  {`${option}×`}
                </button>
              ))}
            </div>
            <label className="replay-player__skip" htmlFor={skipId} dir="auto">
              <input
                id={skipId}
                type="checkbox"
                checked={skipInactive}
                onChange={() => {
                  player.current?.toggleSkipInactive();
                  setSkipInactive((value) => !value);
                }}
                data-testid="replay-skip-inactive"
              />
              {t('replay.controls.skipInactive')}
            </label>
          </div>
        </div>
      )}
    </div>
  );
}
