// Every compile, success or failure, kept in local storage; a click restores its text and format.
import type { HistoryEntry } from '../lib/demo-storage.ts';
import { FORMAT_LABELS } from '../lib/demo-config.ts';
import { formatMs } from './stage-track.tsx';

export function HistoryPanel({ entries, onRestore }: { entries: HistoryEntry[]; onRestore: (entry: HistoryEntry) => void }) {
  if (entries.length === 0) return <p className="text-sm text-slate-300">No compiles yet. Each compile, successful or not, is listed here and kept in this browser.</p>;
  return (
    <ul className="space-y-2" aria-label="Compilation history">
      {entries.map((entry) => (
        <li key={entry.id}>
          <button
            type="button"
            data-testid="demo-history-entry"
            data-success={entry.success ? 'true' : 'false'}
            onClick={() => onRestore(entry)}
            className="w-full rounded-lg border border-ink-700 bg-ink-900 p-3 text-left text-sm hover:bg-ink-800"
          >
            <span className="flex flex-wrap gap-x-3 text-slate-200">
              <span className={entry.success ? 'text-emerald-300' : 'text-rose-300'}>{entry.success ? 'Success' : 'Failed'}</span>
              <time dateTime={entry.timestamp}>{new Date(entry.timestamp).toLocaleString('en-US')}</time>
              <span>{entry.regulation ?? 'no regulation detected'}</span>
              <span>{entry.jurisdiction ?? 'US'}</span>
              <span>{FORMAT_LABELS[entry.opl]}</span>
              {entry.compilationTime !== null && <span>{formatMs(entry.compilationTime)}</span>}
            </span>
            <span className="mt-1 block truncate font-mono text-xs text-slate-300">{entry.success ? entry.preview : entry.error}</span>
            <span className="sr-only">Restore this text and format</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
