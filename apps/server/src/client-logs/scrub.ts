// Removes what would identify a person from a log line: emails, card-like and phone-like digit runs,
// bearer tokens, and the values of sensitive query parameters.

const patterns: Array<[RegExp, string]> = [
  [/[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}/g, '[email]'],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi, 'Bearer [token]'],
  [/([?&](?:token|key|apiKey|api_key|email|password|secret)=)[^&#\s]*/gi, '$1[redacted]'],
  [/(?:\+?\d[\s-]?){9,19}\d/g, '[number]'],
];

export function scrubPersonalData(text: string): string {
  let result = text;
  for (const [pattern, replacement] of patterns) result = result.replace(pattern, replacement);
  return result;
}
