// Where a transfer goes: loopback is local, private networks are internal, and any other host is
// looked up in the policy's destinations table (DESIGN section 3), which records the basis or
// safeguards of a legitimate recipient; an unlisted host is a third party with no basis.
import net from 'node:net';
import type { Destination, DestinationRecord, LegalBasis } from '@bytebound/compiler/policy-model';

export type ResolvedDestination = {
  /** The host (or "mcp:<server>") as named by the tool call. */
  host: string;
  destination: Destination;
  legalBasis: LegalBasis;
  safeguards: boolean;
  /** The destinations-table entry that matched, if any. */
  recordedAs: string | null;
};

/** A table pattern matches a host exactly, or "*.acme.com" matches acme.com and its subdomains. */
export function hostMatches(pattern: string, host: string): boolean {
  const p = pattern.toLowerCase();
  const h = host.toLowerCase();
  if (p === h || p === '*') return true;
  if (p.startsWith('*.')) {
    const base = p.slice(2);
    return h === base || h.endsWith(`.${base}`);
  }
  return false;
}

function networkOf(host: string): Destination | null {
  const h = host.toLowerCase().replace(/^\[|\]$/g, '');
  // Address ranges apply to addresses only: "127.example.com" is a name like any other.
  // Node compiles its address patterns on their first use (about 4 ms, a hook's run pays it): names are not asked.
  const [a, b] = /^\d/.test(h) && net.isIPv4(h) ? h.split('.').map(Number) : [];
  if (h === 'localhost' || h.endsWith('.localhost') || h === '::1' || h === '0.0.0.0' || a === 127) return 'local';
  if (a === 10 || (a === 192 && b === 168) || (a === 172 && b! >= 16 && b! <= 31) || (a === 169 && b === 254) || (/^f[cd][0-9a-f]{0,2}:/.test(h) && net.isIPv6(h))) return 'internal';
  if (h.endsWith('.internal') || h.endsWith('.lan') || h.endsWith('.home.arpa') || h.endsWith('.local')) return 'internal';
  return null;
}

export function resolveDestination(host: string, table: readonly DestinationRecord[]): ResolvedDestination {
  for (const record of table) {
    if (hostMatches(record.host, host)) {
      return { host, destination: record.destination, legalBasis: record.legalBasis, safeguards: record.safeguards, recordedAs: record.host };
    }
  }
  const network = networkOf(host);
  if (network) return { host, destination: network, legalBasis: 'none', safeguards: false, recordedAs: null };
  return { host, destination: 'third-party', legalBasis: 'none', safeguards: false, recordedAs: null };
}

/** The host of a URL or of "user@host:path" / "host:path", or null when the text names none. */
export function hostOf(text: string): string | null {
  const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/?#\s]*@)?(\[[^\]]+\]|[^:/?#\s]+)/i.exec(text);
  if (url) return url[1]!.toLowerCase();
  const remote = /^(?:[^@/\s:]+@)?([A-Za-z0-9.-]+\.[A-Za-z]{2,}|[A-Za-z0-9-]+|\d{1,3}(?:\.\d{1,3}){3}):/.exec(text);
  if (remote && !/^[A-Za-z]:[\\/]/.test(text)) return remote[1]!.toLowerCase();
  return null;
}
