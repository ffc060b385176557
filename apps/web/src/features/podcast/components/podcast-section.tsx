// #podcast: a short episode about Bytebound, produced from the written script in podcast/ by a
// speech synthesiser (the script is the transcript). Play/pause, progress with seeking, a
// 'complete' state and a download link.
import { useEffect, useRef, useState } from 'react';

export const EPISODE = {
  title: 'Episode 1: Compiling the law for AI agents',
  src: '/podcast/bytebound-episode-1.opus',
  type: 'audio/ogg; codecs=opus',
  transcript: '/podcast/bytebound-episode-1.txt',
  captions: '/podcast/bytebound-episode-1.vtt',
};

/** How far below the viewport the player starts reading the episode's duration. */
const PODCAST_METADATA_MARGIN = '400px 0px';

function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '0:00';
  const s = Math.floor(seconds);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

export function PodcastPlayer() {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [complete, setComplete] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(0);

  // The episode is not fetched with the page (it would compete with everything the first view
  // needs): its metadata (the duration) is read once the player comes near the viewport, and the
  // audio itself when the visitor presses Play.
  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    const readMetadata = () => {
      if (element.preload !== 'none') return;
      element.preload = 'metadata';
      element.load();
    };
    if (typeof IntersectionObserver === 'undefined') {
      readMetadata();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        readMetadata();
      },
      { rootMargin: PODCAST_METADATA_MARGIN },
    );
    observer.observe(element.parentElement ?? element);
    return () => observer.disconnect();
  }, []);

  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (element.paused) {
      if (complete) element.currentTime = 0;
      setComplete(false);
      void element.play();
    } else element.pause();
  };

  return (
    <div className="rounded-xl border border-ink-700 bg-ink-900 p-6" data-testid="podcast" data-state={complete ? 'complete' : playing ? 'playing' : 'paused'}>
      <h3 className="text-lg font-semibold text-white">{EPISODE.title}</h3>
      <p className="mt-1 text-sm text-slate-300">Read by a speech synthesiser (espeak-ng) from our written script.</p>
      <audio
        ref={audio}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setComplete(true);
        }}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
        onDurationChange={(e) => setDuration(e.currentTarget.duration)}
      >
        <source src={EPISODE.src} type={EPISODE.type} />
        <track kind="captions" src={EPISODE.captions} srcLang="en" label="English" default />
      </audio>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button type="button" onClick={toggle} className="rounded-md bg-brand-400 px-4 py-2 font-semibold text-ink-950 hover:bg-brand-300">
          {playing ? 'Pause' : complete ? 'Play again' : 'Play'}
        </button>
        <label className="flex flex-1 items-center gap-3 text-sm text-slate-300">
          <span className="sr-only">Position in the episode</span>
          <input
            type="range"
            min={0}
            max={duration || 0}
            step={0.1}
            value={time}
            onChange={(e) => {
              const element = audio.current;
              if (!element) return;
              element.currentTime = Number(e.currentTarget.value);
              setTime(element.currentTime);
              setComplete(false);
            }}
            className="min-w-32 flex-1 accent-brand-400"
          />
          <span className="font-mono" data-testid="podcast-time">
            {clock(time)} / {clock(duration)}
          </span>
        </label>
        <a href={EPISODE.src} download className="rounded-md border border-ink-700 px-4 py-2 text-sm font-medium text-slate-100 hover:bg-ink-800">
          Download episode
        </a>
      </div>
      {complete && <p className="mt-3 text-sm text-emerald-300">Episode complete.</p>}
      <p className="mt-3 text-sm text-slate-300">
        <a href={EPISODE.transcript} className="text-brand-300 underline underline-offset-2">
          Read the transcript
        </a>
      </p>
    </div>
  );
}
