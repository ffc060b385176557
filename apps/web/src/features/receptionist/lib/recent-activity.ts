// What booking assist may know of the visitor's recent activity: the demo's compile history, which
// the demo keeps in this browser's localStorage (read here by key, not imported across features).
import type { BookingAssistContext } from '../api/receptionist-api.ts';
import { BOOKING_ASSIST_RECENT_COMPILATIONS, DEMO_HISTORY_STORAGE_KEY } from './receptionist-config.ts';

type StoredCompile = { timestamp?: unknown; regulation?: unknown; jurisdiction?: unknown; opl?: unknown; success?: unknown };

export function bookingAssistContext(storage: Pick<Storage, 'getItem'> | null = safeStorage()): BookingAssistContext {
  let entries: StoredCompile[] = [];
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(DEMO_HISTORY_STORAGE_KEY) ?? '[]');
    if (Array.isArray(parsed)) entries = parsed.filter((e): e is StoredCompile => typeof e === 'object' && e !== null);
  } catch {
    entries = [];
  }
  const compiles = entries.filter((e) => e.success === true).slice(0, BOOKING_ASSIST_RECENT_COMPILATIONS);
  const text = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  return {
    recentCompilations: compiles.map((e) => ({
      regulations: text(e.regulation) ? [text(e.regulation)!] : [],
      ...(text(e.opl) ? { format: text(e.opl)! } : {}),
      ...(text(e.timestamp) ? { at: text(e.timestamp)! } : {}),
    })),
    detectedJurisdictions: [...new Set(compiles.map((e) => text(e.jurisdiction)).filter((j): j is string => j !== null))],
    userActivity: { compilations: compiles.length },
  };
}

function safeStorage(): Pick<Storage, 'getItem'> | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
