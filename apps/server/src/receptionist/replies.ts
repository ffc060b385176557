// The receptionist's own words: each intent answered from the retrieved facts (docs passages, the
// plans, the booking slots), plainly saying when it does not know and offering the booking or
// contact path. The texts the site must show word for word live here and in the contract.
import type { Hit, Knowledge } from './knowledge.ts';
import { bestSentences } from './knowledge.ts';
import type { GdprRight, Intent } from './intents.ts';

export const RECEPTIONIST_NAME = 'Bytebound Receptionist';

/** BM25 score under which a passage is not taken as the answer (tuned on the docs, not on the labelled set). */
export const ANSWER_MIN_SCORE = 3;
/** A pricing question matches a pricing-page FAQ entry this well before it is answered by it instead of the plan overview. */
export const PRICING_FAQ_MIN_SCORE = 6;

export type Slot = { start: string; end: string };

export type ChatAction =
  | { type: 'consent_request'; purpose: 'follow_up' | 'newsletter'; text: string }
  | { type: 'booking_offer'; slots: Slot[] }
  | { type: 'booking_confirmed'; booking: Record<string, unknown>; icsUrl: string }
  | { type: 'link'; href: string; label: string };

export const CONSENT_WORDING = {
  follow_up: 'May Bytebound keep your contact details from this chat to follow up with you about your enquiry? You can withdraw this at any time in this chat.',
  newsletter: 'May Bytebound send you its newsletter at the email address you gave here? Every issue has an unsubscribe link, and you can withdraw this at any time.',
} as const;

export function transparencyNotice(retentionDays: number): string {
  return (
    'Bytebound (the controller, sales@bytebound.dev) runs this receptionist. Before anything you type is stored, our compliance engine decides on it. ' +
    'We keep your messages and contact details only when there is a lawful basis: to arrange a demo you ask for (GDPR Art. 6(1)(b)), or to follow up or send the newsletter only with your consent (Art. 7). ' +
    'Health, religion and other special categories about you (Art. 9) are never stored. ' +
    `Stored chats and contact details are deleted after ${retentionDays} days. ` +
    'You can see, correct, download or erase what we store, or withdraw consent, at any time with the privacy buttons in this chat (Art. 15 to 20).'
  );
}

export const GREETING =
  "Hello, I'm the Bytebound receptionist. Ask me about the product, pricing or a trial, or book a demo. Every message you send is checked by our compliance engine, live beside this chat.";

export const NOT_STORED_SPECIAL =
  'You mentioned something about your health or another special category of personal data. I have not stored that message: under GDPR Art. 9 we never keep such data from this chat.';

/** Whether the question names the plan or tier of this passage ("Growth", "Premium Enterprise"). */
function namesPlan(message: string, passage: { id: string; title: string }): boolean {
  if (!/^pricing\/(?:plan|tier)\//.test(passage.id)) return false;
  const name = passage.title.replace(/ (?:plan|tier) price.*$/, '');
  let lower = message.toLowerCase();
  // "Premium Enterprise" names that tier, not also the Enterprise plan.
  if (name === 'Enterprise') lower = lower.replace(/\b(?:premium|elite|scale) enterprise\b/g, ' ');
  if (!new RegExp(`\\b${name.toLowerCase()}\\b`).test(lower)) return false;
  // "Enterprise" alone names the self-serve Enterprise plan, not "Premium Enterprise".
  return !(name === 'Enterprise' && passage.id.startsWith('pricing/tier/') && !/\b(?:tier|pricing page)\b/.test(lower)) && !(name === 'Starter' && passage.id.startsWith('pricing/tier/'));
}

const fmtSlot = (s: Slot) => new Date(s.start).toUTCString().replace(':00 GMT', ' UTC');

export type ReplyContext = {
  intent: Intent;
  right?: GdprRight;
  /** The visitor asked what Bytebound is: the overview answers. */
  overview?: boolean;
  message: string;
  hits: Hit[];
  knowledge: Knowledge;
  slots: Slot[] | null;
  /** The lead field to ask for next, when the visitor is arranging a demo. */
  askFor: 'name' | 'email' | 'company' | 'interest' | null;
  specialWithheld: boolean;
  consentNeeded: 'follow_up' | 'newsletter' | null;
};

export type Reply = { text: string; actions: ChatAction[]; facts: string[] };

const ASK: Record<'name' | 'email' | 'company' | 'interest', string> = {
  name: 'May I have your name for the invitation?',
  email: 'Which email address should the calendar invitation go to?',
  company: 'Which company are you with?',
  interest: 'What would you like the demo to focus on (for example GDPR, HIPAA or the agent hook)?',
};

export function composeReply(ctx: ReplyContext): Reply {
  const actions: ChatAction[] = [];
  const facts: string[] = [];
  let text: string;
  switch (ctx.intent) {
    case 'pricing': {
      // A plan or tier named in the question gets its own passage; otherwise the overview.
      const named = ctx.knowledge.passages.filter((p) => p.source === 'pricing' && p.id.includes('/') && namesPlan(ctx.message, p));
      // A question the pricing page's FAQ answers (overages, what counts) gets that answer.
      const faq = ctx.knowledge.search(ctx.message, 1, (p) => p.id.startsWith('pricing/faq/'))[0];
      const chosen =
        named.length > 0
          ? named.slice(0, 2)
          : faq && faq.score >= PRICING_FAQ_MIN_SCORE
            ? [faq.passage]
            : [ctx.knowledge.passages.find((p) => p.id === 'pricing/summary')!];
      for (const p of chosen) facts.push(p.text);
      text = `${chosen.map((p) => p.text).join(' ')} The full comparison is on the pricing page.`;
      actions.push({ type: 'link', href: '/pricing', label: 'See pricing' });
      break;
    }
    case 'trial': {
      const trial = ctx.knowledge.passages.find((p) => p.id === 'pricing/trial')!;
      facts.push(trial.text);
      text = trial.text;
      actions.push({ type: 'link', href: '/auth/register', label: 'Start free trial' }, { type: 'link', href: '/trial', label: 'Request an enterprise pilot' });
      break;
    }
    case 'booking': {
      if (ctx.slots && ctx.slots.length > 0) {
        facts.push(`Free demo slots: ${ctx.slots.map(fmtSlot).join('; ')}`);
        text = `Happy to set up a 30-minute demo. The next free slots are ${ctx.slots.map(fmtSlot).join(', ')}. Pick one below, or choose another time on the booking page.`;
        actions.push({ type: 'booking_offer', slots: ctx.slots });
      } else if (ctx.slots) {
        text = 'There is no free demo slot in the next two weeks. Please write to sales@bytebound.dev and we will find a time.';
      } else {
        text = 'I cannot reach the booking calendar right now. You can choose a time on the booking page.';
      }
      actions.push({ type: 'link', href: '/booking', label: 'Open the booking page' });
      if (ctx.askFor) text += ` ${ASK[ctx.askFor]}`;
      break;
    }
    case 'gdpr_request': {
      const what: Record<GdprRight, string> = {
        access: 'To see everything stored about this chat, use "Access my data" in the privacy controls.',
        rectification: 'To correct your stored contact details, use "Correct my data" in the privacy controls.',
        erasure: 'To erase everything stored from this chat, use "Erase my data" in the privacy controls; it is deleted at once and the erasure itself is signed.',
        portability: 'To download what is stored about this chat as JSON, use "Export my data" in the privacy controls.',
        withdraw: 'To withdraw your consent, use "Withdraw consent" in the privacy controls; what we kept on that consent is deleted.',
      };
      text = `${what[ctx.right ?? 'access']} For data held elsewhere (an account, a booking), the privacy page sends a verified link to your email.`;
      actions.push({ type: 'link', href: '/privacy', label: 'Privacy and your rights' });
      break;
    }
    case 'small_talk': {
      if (/\b(?:thank|thanks|thx|cheers)\b/i.test(ctx.message)) text = "You're welcome. Anything else about Bytebound I can help with?";
      else if (/\b(?:bye|goodbye|see you)\b/i.test(ctx.message)) text = 'Goodbye, and thanks for stopping by.';
      else if (/\b(?:who|what) are you|bot|human|real|ai\b/i.test(ctx.message))
        text = "I'm Bytebound's receptionist: a small embedded assistant that answers from our documentation, pricing and booking calendar. I am not a large language model, and every message you send is decided by our compliance engine.";
      else text = 'Hello! Ask me about what Bytebound does, pricing, a free trial, or book a demo.';
      break;
    }
    case 'off_topic': {
      text = 'That is outside what I can help with: I only know about Bytebound, its pricing and demos. Is there something about compliance enforcement for AI agents I can answer?';
      break;
    }
    default: {
      const overview = ctx.overview ? ctx.knowledge.passages.find((p) => p.id === 'docs/overview#0') : undefined;
      const best = overview ? { passage: overview, score: Number.POSITIVE_INFINITY } : ctx.hits[0];
      if (ctx.intent === 'product' && best && best.score >= ANSWER_MIN_SCORE) {
        facts.push(best.passage.text);
        text = `${bestSentences(best.passage, ctx.message, 2)} (from "${best.passage.title}")`;
        actions.push({ type: 'link', href: best.passage.href, label: `Read: ${best.passage.title}` });
      } else {
        text = "I don't know that from our documentation. Our team can answer it: book a demo call or write to sales@bytebound.dev.";
        actions.push({ type: 'link', href: '/booking', label: 'Book a call' });
      }
    }
  }
  if (ctx.specialWithheld) text = `${NOT_STORED_SPECIAL} ${text}`;
  if (ctx.consentNeeded) {
    text += ctx.consentNeeded === 'newsletter' ? ' I have not stored your email: the newsletter needs your consent first.' : ' I have not stored your contact details: keeping them for a follow-up needs your consent.';
    actions.push({ type: 'consent_request', purpose: ctx.consentNeeded, text: CONSENT_WORDING[ctx.consentNeeded] });
  }
  return { text, actions, facts };
}
