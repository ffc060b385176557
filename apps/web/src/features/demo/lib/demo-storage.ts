// What the demo keeps in the visitor's browser (localStorage): the preferred output format, the
// A/B variant (DESIGN section 8: chosen once per visitor and kept) and the compile history.
import { PREFERRED_FORMAT_STORAGE_KEY } from '../../../config/constants.ts';
import { AB_VARIANT_STORAGE_KEY, DEMO_FORMAT_IDS, HISTORY_MAX_ENTRIES, HISTORY_STORAGE_KEY, type DemoFormatId } from './demo-config.ts';

export type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function storage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(key: string, from: StorageLike | null): string | null {
  try {
    return from?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string, to: StorageLike | null): void {
  try {
    to?.setItem(key, value);
  } catch {
    // Full or blocked storage: the demo works, it just does not remember.
  }
}

export function readPreferredFormat(from: StorageLike | null = storage()): DemoFormatId | null {
  const value = read(PREFERRED_FORMAT_STORAGE_KEY, from);
  return value !== null && (DEMO_FORMAT_IDS as readonly string[]).includes(value) ? (value as DemoFormatId) : null;
}

export function writePreferredFormat(format: DemoFormatId, to: StorageLike | null = storage()): void {
  write(PREFERRED_FORMAT_STORAGE_KEY, format, to);
}

export type AbVariant = 'A' | 'B';

/** The visitor's variant: the stored one, or a random one stored now. */
export function abVariant(from: StorageLike | null = storage(), random: () => number = Math.random): AbVariant {
  const stored = read(AB_VARIANT_STORAGE_KEY, from);
  if (stored === 'A' || stored === 'B') return stored;
  const chosen: AbVariant = random() < 0.5 ? 'A' : 'B';
  write(AB_VARIANT_STORAGE_KEY, chosen, from);
  return chosen;
}

/** Spec section 3's compilation history entry (plus what restoring needs: the text). */
export type HistoryEntry = {
  id: string;
  timestamp: string;
  regulation: string | null;
  jurisdiction: string | null;
  opl: DemoFormatId;
  compilationTime: number | null;
  success: boolean;
  preview: string | null;
  error: string | null;
  legalText: string;
};

const isEntry = (v: unknown): v is HistoryEntry =>
  typeof v === 'object' && v !== null && typeof (v as HistoryEntry).id === 'string' && typeof (v as HistoryEntry).success === 'boolean' && typeof (v as HistoryEntry).legalText === 'string';

export function readHistory(from: StorageLike | null = storage()): HistoryEntry[] {
  try {
    const parsed: unknown = JSON.parse(read(HISTORY_STORAGE_KEY, from) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).slice(0, HISTORY_MAX_ENTRIES) : [];
  } catch {
    return [];
  }
}

/** Adds an entry at the top and keeps the newest HISTORY_MAX_ENTRIES; returns the new list. */
export function addHistoryEntry(entry: HistoryEntry, to: StorageLike | null = storage()): HistoryEntry[] {
  const next = [entry, ...readHistory(to).filter((e) => e.id !== entry.id)].slice(0, HISTORY_MAX_ENTRIES);
  write(HISTORY_STORAGE_KEY, JSON.stringify(next), to);
  return next;
}
