// Norm extraction (DESIGN section 3): reads duties, rights, permissions and prohibitions out of
// segmented legal text. One norm per modal clause ("the data subject shall have the right ... and
// the controller shall have the obligation ..." is a right and an obligation); a lead that
// introduces grounds ("where one of the following grounds applies:") keeps its points as the
// norm's condition; "paragraphs 1 and 2 shall not apply ..." becomes an exception of the norms of
// those paragraphs. Text without a legal subject or signal (a recipe) yields nothing.
import type { Action, Modality, Norm, RegulationId, Target } from '../policy-model.ts';
import { formatCitation } from '../references.ts';
import { type SegmentNode, type Sentence, segment, walk } from '../segment.ts';
import { findDeadline } from './deadline.ts';
import { type Language, type Lexicon, type ModalKind, matchedIndex, phraseRegExp } from './lexicon.ts';

type CompiledLexicon = {
  lexicon: Lexicon;
  modal: RegExp;
  modalKinds: ModalKind[];
  subject: RegExp;
  subjectNames: string[];
  action: RegExp;
  actions: { action: Action; weak: boolean; ignore: boolean }[];
  target: RegExp;
  targetKinds: Target[];
  afterPreposition: RegExp;
  afterRelative: RegExp;
  afterRelativePronoun: RegExp;
  exceptionList: RegExp;
  dutyTense: RegExp | null;
  negatedSubject: boolean;
  onlyIf: boolean;
  subjectJustBefore: RegExp;
  condition: RegExp;
  exception: RegExp;
  listOfGrounds: RegExp;
  definition: RegExp;
  exceptionScope: RegExp;
};

const cache = new Map<Language, CompiledLexicon>();

function sortedBy<T extends [string, ...unknown[]]>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => b[0].length - a[0].length);
}

function compileLexicon(lexicon: Lexicon): CompiledLexicon {
  const cached = cache.get(lexicon.language);
  if (cached) return cached;
  const modals = sortedBy(lexicon.modals);
  const subjects = sortedBy(lexicon.subjects);
  const actions = sortedBy(lexicon.actions);
  const targets = sortedBy(lexicon.targets);
  const compiled: CompiledLexicon = {
    lexicon,
    modal: phraseRegExp(modals.map((m) => m[0])),
    modalKinds: modals.map((m) => m[1]),
    subject: phraseRegExp(subjects.map((s) => s[0])),
    subjectNames: subjects.map((s) => s[1]),
    action: phraseRegExp(actions.map((a) => a[0])),
    actions: actions.map((a) => ({ action: a[1], weak: a[2] === 'weak', ignore: a[2] === 'ignore' })),
    target: phraseRegExp(
      targets.map((t) => t[0]),
      'gu',
    ),
    targetKinds: targets.map((t) => t[1]),
    afterPreposition: new RegExp(
      `(?:^|[^\\p{L}])(?:${lexicon.prepositions})\\s{1,3}(?:(?:the|a|an|any|its|their|such|each|another|le|la|les|l'|l’|un|une|der|die|das|dem|den|des|einem|einer|el|los|las|al|o|os|a|as|um|uma|ao|aos)\\s{1,3})?$`,
      'iu',
    ),
    afterRelative: new RegExp(`(?:^|[^\\p{L}])(?:${lexicon.relatives})(?:\\s{1,3}[\\p{L}'’-]{1,20}){0,1}\\s{1,3}$`, 'iu'),
    afterRelativePronoun: new RegExp(`(?:^|[^\\p{L}])(?:${lexicon.relativePronouns})\\s{1,3}$`, 'iu'),
    negatedSubject: Boolean(lexicon.negatedSubject),
    onlyIf: Boolean(lexicon.onlyIf),
    dutyTense: lexicon.dutyTense ? new RegExp(`(?<![\\p{L}\\p{N}])${lexicon.dutyTense}(?![\\p{L}\\p{N}])`, 'giu') : null,
    subjectJustBefore: new RegExp(`(?:${subjects.map((s) => s[0]).join('|')})\\s{1,3}$`, 'iu'),
    exceptionList: new RegExp(`(?<![\\p{L}])(?:${lexicon.exceptions})(?![\\p{L}])[^.;]{0,20}:\\s*$`, 'iu'),
    condition: new RegExp(`(?<![\\p{L}]|even )(?:${lexicon.conditions})(?![\\p{L}])`, 'iu'),
    exception: new RegExp(`(?<![\\p{L}])(?:${lexicon.exceptions})(?![\\p{L}])`, 'iu'),
    listOfGrounds: new RegExp(`(?<![\\p{L}])(?:${lexicon.listOfGrounds})(?![\\p{L}])`, 'iu'),
    definition: new RegExp(lexicon.definition, 'iu'),
    exceptionScope: new RegExp(`(?<![\\p{L}])${lexicon.exceptionScope}`, 'giu'),
  };
  cache.set(lexicon.language, compiled);
  return compiled;
}

type Found = { start: number; end: number; index: number };

/**
 * Every match of global `pattern` in text[from, to), as matchAll finds them. With exec on the
 * pattern itself: matchAll copies the pattern on every call, which a sentence of a thousand modals
 * made thousands of times.
 */
function findAll(pattern: RegExp, text: string, from = 0, to = text.length): Found[] {
  if (!pattern.global) throw new TypeError(`findAll needs a global pattern: ${pattern.source.slice(0, 40)}`);
  const out: Found[] = [];
  const region = text.slice(from, to);
  pattern.lastIndex = 0;
  for (let m = pattern.exec(region); m !== null; m = pattern.exec(region)) {
    out.push({ start: from + m.index, end: from + m.index + m[0].length, index: matchedIndex(m) });
    // An empty match: step over it, by a whole character in a unicode pattern, as matchAll does.
    if (m[0] === '') pattern.lastIndex += pattern.unicode && (region.codePointAt(pattern.lastIndex) ?? 0) > 0xffff ? 2 : 1;
  }
  pattern.lastIndex = 0;
  return out;
}

/** Who bears a norm when the text names nobody (passive voice), per regulation. */
const DEFAULT_SUBJECTS: Record<RegulationId, { duty: string; right: string }> = {
  GDPR: { duty: 'controller', right: 'data subject' },
  CCPA: { duty: 'business', right: 'consumer' },
  HIPAA: { duty: 'covered entity', right: 'individual' },
  'PCI-DSS': { duty: 'entity', right: 'cardholder' },
  'EU-AI-ACT': { duty: 'provider', right: 'affected person' },
  SOX: { duty: 'issuer', right: 'investor' },
  LGPD: { duty: 'controller', right: 'data subject' },
  PIPEDA: { duty: 'organization', right: 'individual' },
  PIPL: { duty: 'personal information handler', right: 'individual' },
  VCDPA: { duty: 'controller', right: 'consumer' },
  'NY-SHIELD': { duty: 'business', right: 'resident' },
};

/** The data a regulation is about when a clause names no data, per regulation. */
const DEFAULT_TARGETS: Record<RegulationId, Target> = {
  GDPR: 'personal',
  CCPA: 'personal',
  HIPAA: 'sensitive',
  'PCI-DSS': 'financial',
  'EU-AI-ACT': 'general',
  SOX: 'general',
  LGPD: 'personal',
  PIPEDA: 'personal',
  PIPL: 'personal',
  VCDPA: 'personal',
  'NY-SHIELD': 'personal',
};

const TARGET_PRECEDENCE: Target[] = ['sensitive', 'financial', 'personal', 'general'];

export type ExtractContext = {
  regulation: RegulationId;
  lexicon: Lexicon;
  /** Whether the text carries any legal signal (a detected regulation, structure words). */
  legalSignal: boolean;
};

export type Extraction = {
  norms: Norm[];
  /** What the text held instead of norms, when it held none. */
  found: { definitions: number; modals: number; exceptions: number };
};

type Draft = Norm & { article: SegmentNode | null; path: string[] };

type PendingException = { article: SegmentNode | null; scope: string[] | 'all'; text: string; self: SegmentNode };

export function extractNorms(text: string, context: ExtractContext): Extraction {
  const lex = compileLexicon(context.lexicon);
  const articles = segment(text);
  const drafts: Draft[] = [];
  const pending: PendingException[] = [];
  const consumed = new Set<SegmentNode>();
  const found = { definitions: 0, modals: 0, exceptions: 0 };

  const articleOf = new Map<SegmentNode, SegmentNode>();
  for (const a of articles) for (const n of walk([a])) articleOf.set(n, a);
  const firstLineReference = articles.find((a) => a.reference)?.reference ?? null;

  // Every norm of a sentence looks for its data in the whole sentence: scanned once per stretch, not once per norm.
  const targetKinds = new Map<string, Set<Target>>();
  const kindsOf = (from: number, to: number): Set<Target> => {
    const key = `${from}:${to}`;
    let kinds = targetKinds.get(key);
    if (!kinds) {
      kinds = new Set(findAll(lex.target, text, from, to).map((h) => lex.targetKinds[h.index]!));
      targetKinds.set(key, kinds);
    }
    return kinds;
  };

  const consume = (node: SegmentNode) => walk(node.children).forEach((c) => consumed.add(c));
  const childrenText = (node: SegmentNode) =>
    walk(node.children)
      .flatMap((c) => c.sentences.map((s) => s.text))
      .join(' ');

  for (const node of walk(articles)) {
    if (consumed.has(node)) continue;
    if (isTitle(text, node, lex)) continue;
    const article = articleOf.get(node) ?? null;
    node.sentences.forEach((sentence, sentenceIndex) => {
      const isLead = sentenceIndex === node.sentences.length - 1 && node.children.length > 0 && /(?:[:—–-]|(?<![\p{L}])(?:including|such as|as follows))\s*$/u.test(sentence.text);
      if (lex.definition.test(sentence.text) || /["”’'»]\s+(?:means|shall mean)(?![\p{L}])/u.test(sentence.text)) {
        found.definitions++;
        if (isLead) consume(node);
        return;
      }
      const modals = modalsIn(text, sentence.start, sentence.end, lex);
      if (modals.length === 0) return;
      found.modals += modals.length;

      // A leading "Where ..., the controller shall": modals before the main clause belong to the condition.
      const main = mainModals(text, sentence, modals, lex);
      for (const m of main) {
        if (m.kind !== 'exception') continue;
        found.exceptions++;
        const scopeText = text.slice(sentence.start, m.start);
        const scope = exceptionScope(scopeText, lex);
        const exceptionText = isLead ? `${sentence.text} ${childrenText(node)}` : sentence.text;
        if (isLead) consume(node);
        pending.push({ article, scope, text: exceptionText, self: node });
      }
      const normative = main.filter((m) => m.kind !== 'exception');
      let previousSubject: Subject | null = null;
      normative.forEach((m, k) => {
        const clauseStart = k === 0 ? sentence.start : normative[k - 1]!.end;
        const clauseEnd = k + 1 < normative.length ? normative[k + 1]!.start : sentence.end;
        let modality = m.kind as Modality;
        const opening = text.slice(clauseStart, m.start);
        // "shall provide notice ... that this information may be sold": the content of a notice is no norm.
        if (k > 0 && /(?:notice|notify|inform|disclose)[^;]{0,160}(?<![\p{L}])that(?![\p{L}])/iu.test(opening)) return;
        // "Nothing in this section shall require ...": no norm; "No company ... may discharge": a prohibition.
        if (/^\s*Nothing(?![\p{L}])/u.test(opening)) return;
        if (lex.negatedSubject && k === 0 && modality !== 'right' && new RegExp(`^(?:[^—.]{0,160}[.—]{1,2})?\\s*(?:${lex.lexicon.negatedSubject})\\s`, 'u').test(opening)) modality = 'prohibition';
        // "Any transfer ... shall take place only if ...": a requirement, i.e. a permission under its conditions.
        if (lex.onlyIf && modality === 'obligation' && new RegExp(`^[^.;:]{0,40}?(?<![\\p{L}])(?:${lex.lexicon.onlyIf})(?![\\p{L}])`, 'iu').test(text.slice(m.end, clauseEnd))) modality = 'permission';
        // "... shall cooperate ..., and at the direction of the business, shall delete": the same subject.
        const subjectFrom = k === 0 ? clauseStart : lastConjunction(text, clauseStart, m.start);
        const subject: Subject =
          findSubject(text, subjectFrom, m.start, lex) ??
          (previousSubject && modality !== 'right' && subjectFrom > clauseStart ? previousSubject : null) ??
          defaultSubject(context.regulation, modality);
        previousSubject = subject;
        if (!context.legalSignal && !subject.explicit) return;
        // "Processing of ... shall be prohibited": in the passive voice the action precedes the modal.
        // "shall, before handling personal information, explicitly notify": skip the aside.
        const afterAction = (m.tense ? findAction(text, m.start, m.end, lex, modality) : null) ?? findAction(text, m.end, clauseEnd, lex, modality);
        // "they shall be joint controllers": a qualification, not a duty.
        if (!afterAction && modality === 'obligation' && /^\s+be\s+(?!\p{L}+(?:ed|en)(?![\p{L}]))/u.test(text.slice(m.end, clauseEnd))) return;
        const action =
          afterAction ??
          findAction(text, subject.start ?? clauseStart, m.start, lex, modality);
        // "shall comply with a request": a duty whose only verb is a weak one names no action of its own.
        if (modality !== 'right' && action && !action.strong) return;
        const grounds = isLead && (action?.strong === true || lex.listOfGrounds.test(sentence.text));
        if (isLead && !grounds) {
          // "The business shall: (1) delete ...; (2) notify ...": each point is a norm of the lead.
          consume(node);
          for (const child of node.children) {
            const childText = child.sentences.map((s) => s.text).join(' ');
            const childStart = child.sentences[0]?.start ?? child.bodyStart;
            const childEnd = child.sentences[child.sentences.length - 1]?.end ?? child.bodyEnd;
            if (modalsIn(text, childStart, childEnd, lex).length > 0) {
              consumed.delete(child);
              continue;
            }
            const childAction = findAction(text, childStart, childEnd, lex, modality);
            if (!childAction) continue;
            // "A controller shall: ... 5. Not process sensitive data ...": a negated point is a prohibition.
            const negated = modality === 'obligation' && /^(?:not|ne pas|nicht|no|não)\s/iu.test(childText);
            drafts.push(
              draft(text, context, lex, kindsOf, {
                modality: negated ? 'prohibition' : modality,
                subject: subject.name,
                action: childAction.action,
                targetRegions: [
                  [childStart, childEnd],
                  [clauseStart, clauseEnd],
                ],
                deadlineRegions: [childText, text.slice(m.start, clauseEnd)],
                condition: conditionOf(text, m.end, clauseEnd, lex, childrenText(child) || null),
                quoteStart: childStart,
                quoteEnd: childEnd,
                node: child,
                article,
                fallbackReference: firstLineReference,
              }),
            );
          }
          return;
        }
        if (!action && modality !== 'obligation' && modality !== 'prohibition') return;
        const exceptionList = grounds && lex.exceptionList.test(sentence.text);
        const points = grounds && !exceptionList ? childrenText(node) : null;
        if (grounds) consume(node);
        drafts.push(
          draft(text, context, lex, kindsOf, {
            modality,
            subject: subject.name,
            action: action?.action ?? 'process',
            targetRegions: [
              [subject.start ?? clauseStart, untilException(text, m.end, clauseEnd, lex)],
              [sentence.start, sentence.end],
              ...(points ? walk(node.children).map((c) => [c.bodyStart, c.bodyEnd] as [number, number]) : []),
            ],
            deadlineRegions: [text.slice(m.start, clauseEnd), points ?? ''],
            condition: conditionOf(text, m.end, clauseEnd, lex, points, leadingCondition(text, sentence, m.start, lex)),
            quoteStart: sentence.start,
            quoteEnd: sentence.end,
            node,
            article,
            fallbackReference: firstLineReference,
            exceptions: [
              ...exceptionsIn(text, sentence, m.end, clauseEnd, lex).filter((e) => !exceptionList || !lex.exceptionList.test(e)),
              ...(exceptionList ? [`${lex.exceptionList.exec(sentence.text)![0].replace(/:\s*$/u, '')} ${childrenText(node)}`] : []),
            ],
          }),
        );
      });
    });
  }

  // "Paragraphs 1 and 2 shall not apply ...": an exception of the norms of those paragraphs.
  for (const p of pending) {
    for (const d of drafts) {
      if (d.article !== p.article || d.exceptions.length >= MAX_EXCEPTIONS_PER_NORM) continue;
      if (p.scope === 'all' || p.scope.some((label) => d.path.includes(label))) d.exceptions.push(p.text);
    }
  }
  return { norms: withinBounds(drafts).map(({ article: _a, path: _p, ...norm }) => norm), found };
}

/**
 * A statute's sentence states a few norms (the test corpus at most 2) and a norm has a few
 * exceptions. A text that repeats "shall" hundreds of times in one sentence, or "this Article shall
 * not apply" hundreds of times, would copy its sentence into every norm and every rule, or every
 * exception into every norm: beyond these bounds the rest is left out, so that the policy and the
 * demo's answer stay in proportion to the text.
 */
export const MAX_NORMS_PER_SENTENCE = 10;
export const MAX_EXCEPTIONS_PER_NORM = 10;

/** The first MAX_NORMS_PER_SENTENCE norms of each quoted sentence (exceptions are bounded where they are added). */
function withinBounds(drafts: Draft[]): Draft[] {
  const perQuote = new Map<string, number>();
  return drafts.filter((d) => {
    const span = `${d.source.span[0]}:${d.source.span[1]}`;
    const count = (perQuote.get(span) ?? 0) + 1;
    perQuote.set(span, count);
    return count <= MAX_NORMS_PER_SENTENCE;
  });
}

type ModalHit = Found & { kind: ModalKind; tense?: boolean };

/** "§ 164.508 Uses and disclosures for which an authorization is required.": a heading's title, no norm. */
function isTitle(text: string, node: SegmentNode, lex: CompiledLexicon): boolean {
  if (node.kind !== 'article' || node.children.length === 0 || node.bodyEnd <= node.bodyStart) return false;
  const body = text.slice(node.bodyStart, node.bodyEnd).trim();
  if (body.length >= 150 || /[:—–-]$/u.test(body)) return false;
  // A title names no one: "Organizations shall implement ..." is a provision, not a title.
  const firstModal = modalsIn(text, node.bodyStart, node.bodyEnd, lex)[0];
  return !findSubject(text, node.bodyStart, firstModal ? firstModal.start : node.bodyEnd, lex);
}

/** The modals of a stretch of text, without those of relative clauses ("risks that may emerge") and without 'none'. */
function modalsIn(text: string, from: number, to: number, lex: CompiledLexicon): ModalHit[] {
  // "le responsable du traitement notifie ...": a present-tense duty right after its subject.
  const tense: ModalHit[] = lex.dutyTense
    ? findAll(lex.dutyTense, text, from, to)
        .filter((m) => lex.subjectJustBefore.test(text.slice(Math.max(from, m.start - 60), m.start)))
        .map((m) => ({ ...m, kind: 'obligation' as const, tense: true }))
    : [];
  const modals = findAll(lex.modal, text, from, to)
    .map((m) => ({ ...m, kind: lex.modalKinds[m.index]! }))
    .filter((m) => m.kind !== 'none')
    // "A data subject should have the right ..." (a recital) states no binding norm.
    .filter((m) => !/(?:should|sollte|devrait|debería|deveria)\s{1,3}$/iu.test(text.slice(Math.max(from, m.start - 12), m.start)))
    .filter((m) => m.kind === 'exception' || !lex.afterRelativePronoun.test(text.slice(Math.max(from, m.start - 40), m.start)));
  return tense.length ? [...modals, ...tense].sort((a, b) => a.start - b.start) : modals;
}

/** The modals of the sentence's main clauses: those inside a leading "Where ...," are left out. */
function mainModals(text: string, sentence: Sentence, modals: ModalHit[], lex: CompiledLexicon): ModalHit[] {
  const head = text.slice(sentence.start, Math.min(sentence.end, sentence.start + 12));
  if (!new RegExp(`^\\s*(?:${lex.lexicon.conditions})(?![\\p{L}])`, 'iu').test(head) || modals.length < 2) return modals;
  // The main clause starts after the last comma that precedes the last modal.
  const last = modals[modals.length - 1]!;
  const comma = text.lastIndexOf(',', last.start);
  if (comma <= sentence.start) return modals;
  const kept = modals.filter((m) => m.start > comma);
  return kept.length ? kept : modals;
}

function leadingCondition(text: string, sentence: Sentence, modalStart: number, lex: CompiledLexicon): string | null {
  const before = text.slice(sentence.start, modalStart);
  const m = new RegExp(`^\\s*(?:${lex.lexicon.conditions})(?![\\p{L}])`, 'iu').exec(before);
  if (!m) return null;
  const comma = before.lastIndexOf(',');
  return comma > 0 ? before.slice(0, comma).trim() : null;
}

function exceptionScope(before: string, lex: CompiledLexicon): string[] | 'all' {
  lex.exceptionScope.lastIndex = 0;
  const matches = [...before.matchAll(lex.exceptionScope)];
  const last = matches[matches.length - 1];
  if (!last) return 'all';
  const tail = before.slice(last.index + last[0].length);
  if (/^\s*(?:this|ce|cet|cette|dieser|diese|dieses|este|esta|presente)(?![\p{L}])/iu.test(last[0]) || tail.trim() === '') return 'all';
  const labels = [...tail.matchAll(/\(?\b([0-9]{1,3}|[a-z]{1,3}|[IVX]{1,5})\b\)?/gu)]
    .map((m) => m[1]!)
    .filter((l) => !/^(?:and|or|et|ou|und|oder|y|o|e|to|of|de|the|la|le|der|die|das)$/iu.test(l));
  return labels.length ? labels : 'all';
}

type Subject = { name: string; start: number | null; explicit: boolean };

const CONJUNCTION = /(?:,\s{0,3}|\s)(?:and|or|but|while|whereas|et|ou|und|oder|y|o|e|mais|pero|mas)\s|;\s/giu;

function lastConjunction(text: string, from: number, to: number): number {
  let at = from;
  CONJUNCTION.lastIndex = 0;
  for (const m of text.slice(from, to).matchAll(CONJUNCTION)) at = from + m.index;
  return at;
}

function findSubject(text: string, from: number, to: number, lex: CompiledLexicon): Subject | null {
  const hits = findAll(lex.subject, text, from, to);
  for (const h of hits) {
    const before = text.slice(Math.max(from, h.start - 30), h.start);
    if (lex.afterPreposition.test(before)) continue;
    return { name: lex.subjectNames[h.index]!, start: h.start, explicit: true };
  }
  return null;
}

function defaultSubject(regulation: RegulationId, modality: Modality): Subject {
  const d = DEFAULT_SUBJECTS[regulation];
  return { name: modality === 'right' ? d.right : d.duty, start: null, explicit: false };
}

function findAction(text: string, from: number, to: number, lex: CompiledLexicon, modality: Modality): { action: Action; strong: boolean } | null {
  // "shall, on the basis of ..., etc., adopt": after an aside, the verb that follows a comma is the duty's.
  if (lex.lexicon.language === 'en' && /^\s*,/u.test(text.slice(from, from + 3))) {
    for (const h of findAll(lex.action, text, from, to)) {
      const info = lex.actions[h.index]!;
      if (info.ignore || info.weak || /(?:ing|ed)$/u.test(text.slice(h.start, h.end))) continue;
      if (/,\s{1,3}(?:\p{L}+ly\s{1,3})?$/u.test(text.slice(Math.max(from, h.start - 30), h.start))) return { action: info.action, strong: true };
    }
  }
  let weak: Action | null = null;
  // "du responsable du traitement": a word inside a subject's name is no action.
  const subjects = findAll(lex.subject, text, from, to);
  for (const h of findAll(lex.action, text, from, to)) {
    if (subjects.some((s) => h.start >= s.start && h.end <= s.end)) continue;
    const before = text.slice(Math.max(from, h.start - 30), h.start);
    if (before.length > 0 && lex.afterRelative.test(before)) continue;
    const info = lex.actions[h.index]!;
    if (info.ignore) continue;
    // A right to be informed is a right to read what one is told.
    if (modality === 'right' && info.action === 'notify' && !info.weak) return { action: 'read', strong: true };
    if (info.weak) {
      weak ??= info.action;
      continue;
    }
    // A right to have something disclosed to oneself is a right of access.
    if (modality === 'right' && info.action === 'share' && /^\s{0,3}(?:to|au|à la|an die|al|ao)\s{1,3}(?:the |a |la |le |o |el )?(?:consumer|data subject|individual|consommateur|personne concernée|betroffene|interesado|titular)/iu.test(text.slice(h.end, h.end + 40)))
      return { action: 'read', strong: true };
    return { action: info.action, strong: true };
  }
  return weak ? { action: weak, strong: false } : null;
}

/** Where a clause's exception ("unless provided otherwise in Union law on personal data") starts. */
function untilException(text: string, from: number, to: number, lex: CompiledLexicon): number {
  const m = lex.exception.exec(text.slice(from, to));
  return m ? from + m.index : to;
}

function findTarget(regions: [number, number][], kindsOf: TargetKinds, regulation: RegulationId): Target {
  // 'general' ("policies", "records") is the weakest evidence: a later region may name the data.
  let general = false;
  for (const [from, to] of regions) {
    if (to <= from) continue;
    const kinds = kindsOf(from, to);
    const best = TARGET_PRECEDENCE.find((t) => kinds.has(t));
    if (best && best !== 'general') return best;
    if (best === 'general') {
      if (DEFAULT_TARGETS[regulation] === 'general') return 'general';
      general = true;
    }
  }
  return general ? 'general' : DEFAULT_TARGETS[regulation];
}

function conditionOf(text: string, from: number, to: number, lex: CompiledLexicon, points: string | null, leading: string | null = null): string | null {
  const clause = text.slice(from, to);
  const m = lex.condition.exec(clause);
  let own = m ? clause.slice(m.index).trim() : null;
  if (own) {
    const cut = lex.exception.exec(own);
    if (cut && cut.index > 0) own = own.slice(0, cut.index).trim();
  }
  const parts = [leading, own, points].filter((p): p is string => Boolean(p && p.trim()));
  return parts.length ? parts.join(' ') : null;
}

function exceptionsIn(text: string, sentence: Sentence, from: number, to: number, lex: CompiledLexicon): string[] {
  const out: string[] = [];
  const clause = text.slice(from, to);
  const m = lex.exception.exec(clause);
  if (m) out.push(clause.slice(m.index).trim());
  const head = text.slice(sentence.start, from);
  const lead = lex.exception.exec(head);
  if (lead && lead.index < 3) {
    const comma = head.indexOf(',', lead.index);
    out.push(head.slice(lead.index, comma > 0 ? comma : head.length).trim());
  }
  return out;
}

type DraftInput = {
  modality: Modality;
  subject: string;
  action: Action;
  targetRegions: [number, number][];
  deadlineRegions: string[];
  condition: string | null;
  quoteStart: number;
  quoteEnd: number;
  node: SegmentNode;
  article: SegmentNode | null;
  fallbackReference: SegmentNode['reference'];
  exceptions?: string[];
};

/** The kinds of data (targets) the stretch of text from..to names. */
type TargetKinds = (from: number, to: number) => Set<Target>;

function draft(text: string, context: ExtractContext, lex: CompiledLexicon, kindsOf: TargetKinds, input: DraftInput): Draft {
  let deadline: string | null = null;
  for (const region of input.deadlineRegions) {
    deadline = findDeadline(region, lex.lexicon.language);
    if (deadline) break;
  }
  const reference = input.node.reference ?? input.fallbackReference;
  return {
    modality: input.modality,
    subject: input.subject,
    action: input.action,
    target: findTarget(input.targetRegions, kindsOf, context.regulation),
    deadline,
    condition: input.condition,
    exceptions: (input.exceptions ?? []).slice(0, MAX_EXCEPTIONS_PER_NORM),
    source: {
      regulation: context.regulation,
      article: formatCitation(context.regulation, reference?.number ?? null, input.node.path),
      quote: text.slice(input.quoteStart, input.quoteEnd),
      span: [input.quoteStart, input.quoteEnd],
    },
    article: input.article,
    path: input.node.path,
  };
}
