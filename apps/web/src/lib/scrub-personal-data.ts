// Removes what would identify a person from a client log line before it is queued: emails, bearer
// tokens and token-like strings, card- or phone-like digit runs, and the values of sensitive query
// parameters. The server scrubs again; this keeps the data from leaving the browser at all.

const patterns: ReadonlyArray<readonly [RegExp, string]> = [
  // Query values first, so that an email or token inside one is replaced as a whole.
  [/([?&](?:token|access_token|refresh_token|key|apiKey|api_key|email|password|secret)=)[^&#\s]*/gi, '$1[redacted]'],
  [/[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,24}/g, '[email]'],
  [/\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi, 'Bearer [token]'],
  // JSON Web Tokens: three base64url parts.
  [/\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g, '[token]'],
  // Long opaque strings with letters and digits (API keys, session ids, hex secrets).
  [/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}\b/g, '[token]'],
  // Card numbers, phone numbers, account numbers: 10 or more digits, spaces or dashes between.
  [/(?:\+?\d[\s-]?){9,19}\d/g, '[number]'],
];

export function scrubPersonalData(text: string): string {
  let result = text;
  for (const [pattern, replacement] of patterns) result = result.replace(pattern, replacement);
  return result;
}
