// The pause/resume control every auto-moving element carries (WCAG 2.2.2).
type Props = { paused: boolean; onToggle: () => void; what: string; className?: string };

export function PauseButton({ paused, onToggle, what, className = '' }: Props) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-pressed={paused}
      className={`rounded-md border border-ink-700 bg-ink-900/80 px-3 py-1.5 text-xs font-medium text-slate-200 hover:bg-ink-800 ${className}`}
    >
      {paused ? `Resume ${what}` : `Pause ${what}`}
    </button>
  );
}
