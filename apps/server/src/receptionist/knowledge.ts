// What the receptionist knows, and nothing else: the documentation the /docs page renders
// (docs/*.md, one passage per section), the self-serve plans, the pricing page's tiers and FAQ, and the
// demo booking facts, indexed once at start for BM25 full-text retrieval (k1 1.2, b 0.75).
import fs from 'node:fs';
import path from 'node:path';
import { PAYMENT_PLANS, PRICING_TIERS, TRIAL_DAYS } from '../../../web/src/config/constants.ts';
import { PRICING_FAQ, TIER_CONTENT } from '../../../web/src/features/pricing/lib/tier-content.ts';
import { ANNUAL_PRICE_MONTHS } from '../billing/plans.ts';

export type Passage = { id: string; title: string; text: string; source: 'docs' | 'pricing' | 'booking'; href: string };
export type Hit = { passage: Passage; score: number };

const BM25_K1 = 1.2;
const BM25_B = 0.75;

const STOPWORDS = new Set(
  'a an and are as at be but by can could do does did for from has have how i if in into is it its me my of on or our so that the their them then there these they this to us was we what when where which who why will with would you your yours i\'m im please tell about just any some'.split(' '),
);

/** Lower-case words without stopwords, with plural and -ing/-ed endings folded. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (raw.length < 2 || STOPWORDS.has(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** Markdown to plain sentences: no code fences, tables, links' URLs or emphasis marks. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/^\|.*\|$/gm, ' ')
    .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1')
    .replace(/^#+\s*/gm, '')
    .replace(/^\s*(?:[-*]|\d+\.)\s+/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The docs viewer's anchors (apps/web/src/features/docs/lib/doc-sections.ts): the spec's fourteen sections by camelCase id, the rest by path. */
const MAIN_SECTIONS = new Set(['overview', 'quickstart', 'architecture', 'scope', 'ai-governance', 'framework-168', 'development-standards', 'api', 'deployment', 'compliance', 'security', 'support', 'faq', 'performance']);
export function docsAnchor(slug: string): string {
  return MAIN_SECTIONS.has(slug) ? slug.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()) : slug.replace(/\//g, '-');
}

/** Engineering rules for contributors, not answers for visitors. */
const NOT_FOR_VISITORS = new Set(['development-standards']);
/** A section shorter than this is a pointer ("See Performance") rather than an answer. */
const MIN_PASSAGE_CHARS = 120;

function docsPassages(docsDir: string): Passage[] {
  const passages: Passage[] = [];
  const files = fs.existsSync(docsDir)
    ? fs
        .readdirSync(docsDir, { recursive: true })
        .map(String)
        .filter((f) => f.endsWith('.md'))
        .sort()
    : [];
  for (const file of files) {
    const slug = file.replace(/\.md$/, '');
    if (NOT_FOR_VISITORS.has(slug)) continue;
    const text = fs.readFileSync(path.join(docsDir, file), 'utf8');
    const docTitle = /^#\s+(.+)$/m.exec(text)?.[1]?.trim() ?? slug;
    const sections = text.split(/^(?=##\s)/m);
    sections.forEach((section, index) => {
      const heading = /^##\s+(.+)$/m.exec(section)?.[1]?.trim();
      const body = plainText(section.replace(/^#{1,2}\s+.+$/gm, ''));
      if (body.length < MIN_PASSAGE_CHARS) return;
      passages.push({ id: `docs/${slug}#${index}`, title: heading ? `${docTitle}: ${heading}` : docTitle, text: body, source: 'docs', href: `/docs#${docsAnchor(slug)}` });
    });
  }
  return passages;
}

const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

/** One passage per plan and tier, so that a question about one plan gets that plan. */
function pricingPassages(): Passage[] {
  const plans: Passage[] = PAYMENT_PLANS.map((p) => {
    const calls = p.limits.apiCalls < 0 ? 'unlimited API calls' : `${p.limits.apiCalls.toLocaleString('en-US')} API calls a month`;
    const price =
      p.price.monthly === 0
        ? `is free for ${TRIAL_DAYS} days, without a card`
        : `costs ${usd(p.price.monthly)} a month, or ${usd(p.price.annual)} a year billed annually (${ANNUAL_PRICE_MONTHS} times the monthly price: two months free, about 17% off)`;
    return {
      id: `pricing/plan/${p.name}`,
      title: `${p.displayName} plan price`,
      text: `The ${p.displayName} plan ${price}. It includes ${calls}, the ${p.limits.arbiters.join(', ')} arbiters and ${p.limits.support.toLowerCase()} support.`,
      source: 'pricing' as const,
      href: '/pricing',
    };
  });
  const tiers: Passage[] = PRICING_TIERS.map((t) => {
    const content = TIER_CONTENT[t.id];
    const price = t.monthlyPrice === null ? 'is priced on contact' : `costs ${usd(t.monthlyPrice)} a month`;
    return {
      id: `pricing/tier/${t.id}`,
      title: `${t.name} tier price (enterprise pricing)`,
      text: `The ${t.name} tier on the pricing page ${price}. ${content ? `${content.description} It includes: ${content.features.join(', ')}.` : ''}`.trim(),
      source: 'pricing' as const,
      href: '/pricing',
    };
  });
  const paid = PAYMENT_PLANS.filter((p) => p.price.monthly > 0);
  const enterpriseFrom = Math.min(...PRICING_TIERS.filter((t) => t.monthlyPrice !== null && t.id.includes('enterprise')).map((t) => t.monthlyPrice!));
  const summary: Passage = {
    id: 'pricing/summary',
    title: 'Pricing plans overview',
    text:
      `Self-serve plans cost ${paid.map((p) => `${usd(p.price.monthly)} a month (${p.displayName})`).join(', ')}. ` +
      `Annual billing is ${ANNUAL_PRICE_MONTHS} times the monthly price: two months free, about 17% off. ` +
      `Every account starts with a free ${TRIAL_DAYS}-day trial, without a card. ` +
      `Enterprise tiers with custom arbiters start at ${usd(enterpriseFrom)} a month; custom terms are priced on contact.`,
    source: 'pricing',
    href: '/pricing',
  };
  const trial: Passage = {
    id: 'pricing/trial',
    title: 'Free trial and pilot',
    text: `The self-serve trial is free for ${TRIAL_DAYS} days from registration, without a credit card, with 1,000 API calls a month and the GDPR and CCPA arbiters. Register an account to start it. Enterprise teams can request a one-month pilot led by our team, which starts with a kick-off call.`,
    source: 'pricing',
    href: '/auth/register',
  };
  // The pricing page's FAQ: questions about plans that are not prices (what counts, overages, on-premise).
  const faq: Passage[] = PRICING_FAQ.map((f, i) => ({ id: `pricing/faq/${i}`, title: f.q, text: f.a, source: 'docs' as const, href: '/pricing' }));
  return [summary, ...plans, ...tiers, trial, ...faq];
}

const BOOKING_PASSAGE: Passage = {
  id: 'booking/demo',
  title: 'Book a demo',
  text: 'A demo is a 30-minute video call with our team at a free slot in business hours. Pick a slot here in the chat or on the booking page; you get a calendar invitation by email and a link to cancel.',
  source: 'booking',
  href: '/booking',
};

/** A BM25 index over the passages, built once. */
export class Knowledge {
  readonly passages: Passage[];
  private readonly docs: Map<string, number>[];
  private readonly lengths: number[];
  private readonly documentFrequency = new Map<string, number>();
  private readonly averageLength: number;

  constructor(passages: Passage[]) {
    this.passages = passages;
    this.docs = passages.map((p) => {
      const counts = new Map<string, number>();
      // The title counts three times: a section named for the question is the best answer to it.
      const title = tokenize(p.title);
      for (const term of [...title, ...title, ...title, ...tokenize(p.text)]) counts.set(term, (counts.get(term) ?? 0) + 1);
      return counts;
    });
    this.lengths = this.docs.map((d) => [...d.values()].reduce((a, b) => a + b, 0));
    for (const d of this.docs) for (const term of d.keys()) this.documentFrequency.set(term, (this.documentFrequency.get(term) ?? 0) + 1);
    this.averageLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, this.lengths.length);
  }

  /** Whether a word of the query occurs anywhere in what the receptionist knows. */
  knows(term: string): boolean {
    return this.documentFrequency.has(term);
  }

  search(query: string, limit = 3, filter?: (p: Passage) => boolean): Hit[] {
    const terms = [...new Set(tokenize(query))];
    const n = this.passages.length;
    const hits: Hit[] = [];
    this.docs.forEach((doc, i) => {
      const passage = this.passages[i]!;
      if (filter && !filter(passage)) return;
      let score = 0;
      for (const term of terms) {
        const tf = doc.get(term);
        if (!tf) continue;
        const df = this.documentFrequency.get(term) ?? 0;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        score += (idf * tf * (BM25_K1 + 1)) / (tf + BM25_K1 * (1 - BM25_B + (BM25_B * this.lengths[i]!) / this.averageLength));
      }
      if (score > 0) hits.push({ passage, score });
    });
    return hits.sort((a, b) => b.score - a.score).slice(0, limit);
  }
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

export function buildKnowledge(docsDir = path.join(repositoryRoot, 'docs')): Knowledge {
  return new Knowledge([...docsPassages(docsDir), ...pricingPassages(), BOOKING_PASSAGE]);
}

/** The sentences of a passage that share the most words with the question, in passage order, at most `max`. */
export function bestSentences(passage: Passage, query: string, max = 2): string {
  const sentences = passage.text.split(/(?<=[.!?])\s+(?=[A-Z0-9"(])/).map((s) => s.trim()).filter((s) => s.length > 0);
  const wanted = new Set(tokenize(query));
  const scored = sentences.map((s, index) => ({ s, index, score: tokenize(s).filter((t) => wanted.has(t)).length }));
  const chosen = scored
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, max)
    .sort((a, b) => a.index - b.index);
  return (chosen.length > 0 ? chosen : scored.slice(0, max)).map((x) => x.s).join(' ');
}
