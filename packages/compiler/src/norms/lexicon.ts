// The shape of a language's lexicon for norm extraction: modal phrases, subjects, action verbs and
// nouns, target terms and the clause markers the extractor needs. One file per language.
import type { Action, Modality, Target } from '../policy-model.ts';

export type Language = 'en' | 'fr' | 'de' | 'es' | 'pt';

/**
 * 'exception': "paragraphs 1 and 2 shall not apply", "shall not be required to comply" — an
 * exception of other norms; 'none': "shall mean", "shall be construed" — no norm at all.
 */
export type ModalKind = Modality | 'exception' | 'none';

export type Lexicon = {
  language: Language;
  /** Modal phrases; the longest phrase matching at a position wins. */
  modals: [phrase: string, kind: ModalKind][];
  /**
   * Verbs whose present (or future) tense states a duty in this language's statutes ("le
   * responsable du traitement notifie", "el responsable notificará"): a duty only right after a subject.
   */
  dutyTense?: string;
  /** Subject phrases -> the role's English name ("responsable du traitement" -> "controller"). */
  subjects: [phrase: string, subject: string][];
  /**
   * Verbs and nouns of the seven actions; weak ones ("obtain", "request") only count when no other
   * does; 'ignore' phrases ("not limited to", "commonly used") hide the action words inside them.
   */
  actions: [phrase: string, action: Action, kind?: 'weak' | 'ignore'][];
  /** Target terms; precedence sensitive > financial > personal > general. */
  targets: [phrase: string, target: Target][];
  /** Words before a noun that make it an object, not a subject ("from the controller"). */
  prepositions: string;
  /** Relative pronouns: a verb right after them belongs to a relative clause, not to the norm. */
  relatives: string;
  /** Relative pronouns proper: a modal right after one ("risks that may emerge") states no norm. */
  relativePronouns: string;
  /** A clause that opens with one of these negates its modal ("No company ... may" is a prohibition). */
  negatedSubject?: string;
  /** "only if", "only where": a duty that is really a permission under conditions. */
  onlyIf?: string;
  /** Starts of a condition ("where", "if", "when", "provided that"). */
  conditions: string;
  /** Starts of an exception ("unless", "except"). */
  exceptions: string;
  /** A lead that introduces a list of grounds, not of duties ("where one of the following grounds applies"). */
  listOfGrounds: string;
  /** A definition ("'personal data' means"). */
  definition: string;
  /** The provisions an exception names: "Paragraphs 1 and 2", "subdivision (a)". */
  exceptionScope: string;
};

/** Whole-word matching for a list of phrases (Unicode letters and digits are word characters). */
export function phraseRegExp(phrases: readonly string[], flags = 'giu'): RegExp {
  const sorted = [...phrases].sort((a, b) => b.length - a.length);
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${sorted.map((p) => `(${p})`).join('|')})(?![\\p{L}\\p{N}])`, flags);
}

/** The index of the alternative that matched, in the order of the sorted phrase list. */
export function matchedIndex(m: RegExpExecArray | RegExpMatchArray): number {
  for (let i = 1; i < m.length; i++) if (m[i] !== undefined) return i - 1;
  return -1;
}
