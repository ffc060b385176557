// What a visitor's message holds about the visitor: contact data (the engine's detector finds
// emails, phones and card numbers with their checksums), names said in context ("my name is ...",
// "I'm Jane from Acme"), and special categories (Art. 9) the visitor states about themselves. A
// question about HIPAA or health care is a topic, not data about the visitor, and is not flagged.
import { detectData } from '@bytebound/engine/agent/detect';

export const PERSONAL_DATA_CATEGORIES = ['email', 'phone', 'name', 'card_number', 'national_id', 'iban', 'health', 'special_category'] as const;
export type PersonalDataCategory = (typeof PERSONAL_DATA_CATEGORIES)[number];

/** One item found: its category, its value (kept only where a decision allows) and, for special categories, which one. */
export type PersonalDataItem = { category: PersonalDataCategory; value: string; detail?: string };

const ENGINE_KINDS: Record<string, PersonalDataCategory | undefined> = {
  email: 'email',
  phone: 'phone',
  card: 'card_number',
  ssn: 'national_id',
  nino: 'national_id',
  'eu-national-id': 'national_id',
  iban: 'iban',
};

/** The visitor speaking about themselves, or about their own body and beliefs. */
const FIRST_PERSON = String.raw`\b(?:i|i'm|im|i am|i've|i have|i had|i was|i take|i'm taking|i suffer|i got|my|as an?)\b`;

/** Special categories said of oneself: [category, detail, term]. The term must follow a first-person phrase within a clause. */
const SPECIAL_TERMS: [PersonalDataCategory, string, string][] = [
  [
    'health',
    'health',
    String.raw`(?:diagnos\w*|diabet\w*|cancer|asthma|depress\w*|anxiety|pregnan\w*|hiv|aids|adhd|autis\w*|epilep\w*|migraines?|surgery|chemo\w*|illness|disease|disorder|medication|antidepressants?|insulin|therapy|allerg\w*|blood pressure|heart (?:condition|attack|disease)|disabilit\w*|disabled|wheelchair|covid|long covid|cholesterol|arthritis|dementia|alzheimer'?s?|parkinson'?s?|multiple sclerosis|bipolar|ptsd|sick leave|in hospital|hospitali[sz]ed)`,
  ],
  ['special_category', 'religion', String.raw`(?:muslim|jewish|christian|catholic|protestant|hindu|buddhist|sikh|atheist|mormon|religio\w*|pray\w*|mosque|synagogue|church)`],
  ['special_category', 'sexual orientation', String.raw`(?:gay|lesbian|bisexual|queer|homosexual|transgender|trans (?:woman|man)|asexual)`],
  ['special_category', 'political opinions', String.raw`(?:vote (?:for|conservative|labou?r|green|democrat|republican)|member of the \w+ party|political views?)`],
  ['special_category', 'trade union membership', String.raw`(?:union member|trade union)`],
  ['special_category', 'racial or ethnic origin', String.raw`(?:ethnicity|ethnic origin|racial origin)`],
  ['special_category', 'genetic', String.raw`(?:genetic (?:test|condition|disorder)|brca\d?|dna test)`],
];

/** "a health care company", "patients' records", "HIPAA": topics, which a first-person phrase does not turn into data about the visitor. */
const TOPIC_AFTER = /^(?:\s+(?:data|records?|app|apps|company|companies|provider|providers|clinic|sector|industry|startup|platform|software|research|codes?|information|compliance|patients?|people|sufferers|community|charity|charities|care))/i;

/**
 * Between the first-person phrase and the term, words that make the term someone else's: the
 * visitor's business and the people it serves ("my company makes software for cancer patients",
 * "I'm building an app for people with diabetes").
 */
const ABOUT_OTHERS = /\b(?:company|companies|business|startup|firm|organi[sz]ations?|team|app|apps|software|product|platform|tool|service|solution|customers?|clients?|users?|patients|people|members|employees|staff|build|building|develop\w*|makes?|making|sells?|selling)\b/i;

const SPECIAL_PATTERNS = SPECIAL_TERMS.map(([category, detail, term]) => ({
  category,
  detail,
  re: new RegExp(`(${FIRST_PERSON})([^.!?;,]{0,40}?)\\b${term}\\b`, 'gi'),
}));

/** Words after "I'm" that are not names. */
const NOT_A_NAME = new Set(
  'a an the interested looking trying wondering just not new here from with at in on for curious working building planning happy glad sorry fine good great ok okay sure still also currently really very calling writing reaching based responsible using evaluating considering hoping going able unable pregnant gay muslim jewish christian catholic hindu buddhist sikh atheist diabetic disabled sick ill a-ok back done ready available free busy'.split(' '),
);

const NAME = String.raw`([A-Z][a-z'’-]{1,20}(?:\s+[A-Z][a-z'’-]{1,24}){0,2})`;
const NAME_PATTERNS: RegExp[] = [
  new RegExp(String.raw`\b(?:my name is|my name's|name:|this is|call me|i am|i'm|im)\s+${NAME}`, 'g'),
  new RegExp(String.raw`^(?:hi|hello|hey)?[,!\s]*${NAME}\s+here\b`, 'g'),
];

function names(text: string): string[] {
  const found: string[] = [];
  for (const re of NAME_PATTERNS) {
    for (const m of text.matchAll(re)) {
      const words = m[1]!.split(/\s+/);
      if (NOT_A_NAME.has(words[0]!.toLowerCase())) continue;
      // "I'm Jane From Acme": the name stops at the first joining word.
      const stop = words.findIndex((w) => /^(?:from|at|and|with|here)$/i.test(w));
      const name = (stop === -1 ? words : words.slice(0, stop)).join(' ');
      if (name.length === 0 || /^(?:Bytebound|GDPR|HIPAA|CCPA|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/i.test(name)) continue;
      if (!found.includes(name)) found.push(name);
    }
  }
  return found;
}

/** Lower-cases only the lead-in phrases so that "My name is" and "my name is" both match, keeping the name's capital. */
function leadInsLowered(text: string): string {
  return text.replace(/\b(?:My name is|My name's|Name:|This is|Call me|I am|I'm|Im|Hi|Hello|Hey)\b/g, (m) => m.toLowerCase());
}

/** Every personal data item about the visitor in a message, in order of kind. */
export function findPersonalData(message: string): PersonalDataItem[] {
  const items: PersonalDataItem[] = [];
  // A role's mailbox the visitor gives (sales@their-company.com) is still where to reach them.
  const findings = detectData(message, { roleMailboxes: true });
  for (const f of findings) {
    const category = ENGINE_KINDS[f.kind];
    if (category) items.push({ category, value: message.slice(f.start, f.end) });
  }
  for (const name of names(leadInsLowered(message))) items.push({ category: 'name', value: name });
  const seen = new Set<string>();
  for (const { category, detail, re } of SPECIAL_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(message); m !== null; m = re.exec(message)) {
      if (ABOUT_OTHERS.test(m[2]!) || TOPIC_AFTER.test(message.slice(m.index + m[0].length))) {
        // Someone else's: look again from after this first-person phrase ("... when I had a migraine").
        re.lastIndex = m.index + m[1]!.length;
        continue;
      }
      if (seen.has(detail)) break;
      seen.add(detail);
      items.push({ category, value: m[0], detail });
    }
  }
  // The engine's own special-category finding (a term tied to a person) counts too, once per category.
  for (const f of findings) {
    if (f.kind !== 'special-category') continue;
    const detail = f.category ?? 'special category';
    if (seen.has(detail)) continue;
    seen.add(detail);
    items.push({ category: detail === 'health' ? 'health' : 'special_category', value: message.slice(f.start, f.end), detail });
  }
  return items;
}

/** The company a visitor names ("I'm Jane from Acme", "I work at Globex"): business data, not personal data. */
export function findCompany(message: string): string | null {
  const m = /\b(?:from|at|work for|working for|company is|company:)\s+([A-Z][A-Za-z0-9&.'-]{1,30}(?:\s+[A-Z][A-Za-z0-9&.'-]{1,30}){0,2})/.exec(message);
  if (!m) return null;
  const company = m[1]!.replace(/[.,]+$/, '');
  return /^(?:Bytebound|Monday|Tuesday|Wednesday|Thursday|Friday|GDPR|HIPAA|I)$/.test(company) ? null : company;
}
