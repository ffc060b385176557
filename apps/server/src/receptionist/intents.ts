// What a visitor wants, from the words of the message: explicit requests first (a GDPR right, a
// booking, a trial, a price), then small talk, then whether the question is about the product at
// all (its words occur in what the receptionist knows) or off topic. Deterministic and embedded.
import type { Knowledge } from './knowledge.ts';
import { tokenize } from './knowledge.ts';

export const INTENTS = ['product', 'pricing', 'booking', 'trial', 'gdpr_request', 'small_talk', 'off_topic', 'unknown'] as const;
export type Intent = (typeof INTENTS)[number];

export type GdprRight = 'access' | 'rectification' | 'erasure' | 'portability' | 'withdraw';

const GDPR_PATTERNS: [GdprRight, RegExp][] = [
  ['withdraw', /\b(?:withdraw(?:ing)? (?:my )?consent|revoke (?:my )?consent|(?:don't|do not|no longer) want (?:any )?(?:more )?(?:follow-?ups?|emails|newsletters?|messages)|unsubscribe)\b/i],
  ['erasure', /\b(?:delete|erase|remove|wipe|forget)\b[^.?!]{0,40}\b(?:my|me|about me|everything|data)\b|\bforget me\b|\bright to (?:be forgotten|erasure)\b/i],
  ['portability', /\b(?:export|download|copy of|portab\w*)\b[^.?!]{0,30}\b(?:my (?:data|conversation|chat|transcript|personal data|information|details)|data about me|everything)\b|\b(?:export|download)\b[^.?!]{0,30}\bas json\b|\bcopy of my data\b/i],
  ['rectification', /\b(?:correct|change|update|fix|rectify)\b[^.?!]{0,20}\bmy (?:email|name|company|phone|details|data|address)\b/i],
  ['access', /\b(?:what (?:data|information|personal data) (?:do )?you (?:have|hold|store|keep)|show me what you (?:store|have|keep)|access (?:to )?my data|data (?:you have |you hold )?about me|what do you (?:store|know) about me)\b/i],
];

const BOOKING = /\b(?:book(?:ing)?|schedul\w*|demo|walk-?through|meeting|call (?:me|with|back)|talk to (?:someone|sales|a human|your team|an engineer)|speak (?:to|with) (?:someone|sales)|appointment|slots?|availab\w*|set up a (?:call|meeting)|call me)\b/i;
const BOOK_SLOT = /\bbook\s+(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{3})?)?Z)\b/i;
const TRIAL = /\b(?:trial|try (?:it|bytebound|the product)|for free|sign(?:ing)? ?up|register|create an account|pilot|get started)\b/i;
const PRICING = /\b(?:pric\w*|cost\w*|how much|plans?|tiers?|billing|annual(?:ly)?|monthly|per month|per year|subscription|discount|pay(?:ing|ment)?|invoice|expensive|cheap|\$\d+)\b/i;
const SMALL_TALK = /^(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening)|thanks?|thank you|thx|cheers|bye|goodbye|see you|how are you|who are you|what are you|are you (?:a )?(?:bot|human|real|ai)|nice to meet you|ok(?:ay)?|cool|great|awesome|sounds good|yes|no)\b/i;
/** Short enough to be only a greeting or thanks once the greeting words are removed. */
const SMALL_TALK_REST_WORDS = 6;
/** Words that mean the question is about what Bytebound does. */
const PRODUCT_WORDS =
  /\b(?:bytebound|compil\w*|polic(?:y|ies)|engine|rego|opa|cedar|wasm|webassembly|rust|sql|postgres\w*|regulat\w*|gdpr|ccpa|hipaa|pci|ai act|sox|arbiter\w*|proofs?|bundles?|audit\w*|signed|signature|verify|mcp|hook\w*|claude|agent\w*|api|cli|exit code|enforc\w*|decision\w*|latency|jurisdiction\w*|open source|install|sdk|integrat\w*|complian\w*|personal data|special categor\w*|data|privacy|framework|168|patterns?|output formats?|formats?|legal text|rules?|(?:patient|medical|health) (?:records?|data))\b/i;
/** Questions about the company that the documentation may not answer: "I don't know" rather than off topic. */
const ABOUT_THE_COMPANY = /\b(?:your (?:company|company's|office|offices|team|revenue|funding|investors?|headquarters|customers|clients|partners|employees|staff|ceo|founders?)|do you (?:have|offer|provide|sell|run)|bytebound's|are you (?:hiring|based|located))\b/i;

/** A product question whose best passage scores under this has no answer in the documentation. */
export const UNKNOWN_BELOW_SCORE = 2.5;

export type IntentResult = { intent: Intent; right?: GdprRight; slotStart?: string; overview?: true };

/** "What does Bytebound do?", "what is this?": the overview answers it. */
const WHAT_IS_IT = /\bwhat (?:does|do|is|'s) (?:bytebound|this|this product|it|you(?:r product)?)(?: \w+)? (?:do|for|about)\b|\bwhat is bytebound\b|\bwhat do you (?:do|sell|offer)\b/i;

/** The intent of one message; `knowledge` tells whether its words are about anything the receptionist knows. */
export function classifyIntent(message: string, knowledge: Knowledge): IntentResult {
  const text = message.trim();
  const slot = BOOK_SLOT.exec(text);
  if (slot) return { intent: 'booking', slotStart: new Date(slot[1]!).toISOString() };
  for (const [right, re] of GDPR_PATTERNS) if (re.test(text)) return { intent: 'gdpr_request', right };
  if (/\bnewsletter\b/i.test(text) && /\b(?:add|subscribe|sign me up|join)\b/i.test(text)) return { intent: 'product' };
  if (TRIAL.test(text) && !/\bdemo\b/i.test(text)) return { intent: 'trial' };
  if (BOOKING.test(text) && !/\b(?:how much|price|cost)\b/i.test(text)) return { intent: 'booking' };
  if (PRICING.test(text)) return { intent: 'pricing' };
  const greeting = SMALL_TALK.exec(text);
  if (greeting && tokenize(text.slice(greeting[0].length)).length <= SMALL_TALK_REST_WORDS && !PRODUCT_WORDS.test(text)) return { intent: 'small_talk' };
  const terms = tokenize(text);
  if (greeting && terms.length <= SMALL_TALK_REST_WORDS && !PRODUCT_WORDS.test(text)) return { intent: 'small_talk' };
  if (WHAT_IS_IT.test(text)) return { intent: 'product', overview: true };
  if (PRODUCT_WORDS.test(text)) {
    // About the product, but nothing in the documentation answers it: say so.
    const best = knowledge.search(text, 1)[0];
    return { intent: best && best.score >= UNKNOWN_BELOW_SCORE ? 'product' : 'unknown' };
  }
  if (ABOUT_THE_COMPANY.test(text)) return { intent: 'unknown' };
  return { intent: 'off_topic' };
}
