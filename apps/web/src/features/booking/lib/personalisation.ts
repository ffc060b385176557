// What the booking page learns about the visitor before they type: the receptionist's booking-assist
// message and suggested slot (?from=chat&message=&suggested=), and the regulations the visitor's
// recent demo compilations detected, turned into a pre-filled interest.

export type ChatHandoff = { message: string | null; suggested: string | null };

/** Longest booking-assist message shown on the page; a longer one is cut. */
export const HANDOFF_MESSAGE_MAX_CHARS = 500;

export function chatHandoff(params: URLSearchParams): ChatHandoff {
  if (params.get('from') !== 'chat') return { message: null, suggested: null };
  const message = params.get('message')?.trim().slice(0, HANDOFF_MESSAGE_MAX_CHARS) || null;
  const suggestedRaw = params.get('suggested');
  const suggested = suggestedRaw && !Number.isNaN(Date.parse(suggestedRaw)) ? suggestedRaw : null;
  return { message, suggested };
}

/**
 * ['HIPAA', 'GDPR', 'GDPR', null] -> 'GDPR, HIPAA compliance enforcement' (distinct, in the order
 * of most recent first), or '' when nothing was detected.
 */
export function interestFromRegulations(regulations: readonly (string | null | undefined)[]): string {
  const distinct: string[] = [];
  for (const regulation of regulations) {
    const name = regulation?.trim();
    if (name && !distinct.includes(name)) distinct.push(name);
  }
  return distinct.length > 0 ? `${distinct.join(', ')} compliance enforcement` : '';
}
