// Uptime as hours:minutes:seconds, hours not capped at 24 (26:03:09): the server's on the homepage,
// the live stream's in the receptionist.

/** `ms` milliseconds as hh:mm:ss, whole seconds. */
export function formatUptime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}
