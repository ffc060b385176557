// A slot's time as a reader in a given zone sees it, for emails: "Monday 23 November 2026 at 09:00 (Europe/Berlin)".
const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatInZone(instant: number, timeZone: string): string {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    formatters.set(timeZone, formatter);
  }
  return `${formatter.format(new Date(instant))} (${timeZone})`;
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
