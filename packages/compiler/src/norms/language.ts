// Which language a text is written in, from the frequency of its function words. The compiler
// reads English, French, German, Spanish and Portuguese; other languages are recognised so that
// the analysis can say it does not read them instead of guessing.
import type { Language } from './lexicon.ts';

export type LanguageGuess = Language | 'it' | 'nl' | 'unknown';

const STOPWORDS: Record<Exclude<LanguageGuess, 'unknown'>, string[]> = {
  en: ['the', 'of', 'and', 'to', 'shall', 'in', 'is', 'or', 'be', 'that', 'for', 'by', 'with', 'any', 'such', 'which'],
  fr: ['de', 'le', 'la', 'les', 'des', 'du', 'et', 'est', 'à', 'au', 'aux', 'une', 'dans', 'qui', 'sont', 'ou', 'pour', 'ces'],
  de: ['der', 'die', 'das', 'und', 'ist', 'nicht', 'den', 'dem', 'des', 'von', 'zu', 'eine', 'einer', 'oder', 'mit', 'sich', 'auf'],
  es: ['de', 'el', 'la', 'los', 'las', 'del', 'y', 'que', 'en', 'por', 'con', 'una', 'para', 'su', 'sus', 'se', 'al', 'lo'],
  pt: ['de', 'o', 'os', 'as', 'do', 'da', 'dos', 'das', 'e', 'que', 'em', 'no', 'na', 'não', 'ao', 'uma', 'pelo', 'pela', 'é'],
  it: ['il', 'di', 'che', 'gli', 'della', 'delle', 'dei', 'nel', 'alla', 'per', 'sono', 'è', 'non', 'degli', 'ai'],
  nl: ['de', 'het', 'een', 'van', 'en', 'is', 'niet', 'zijn', 'voor', 'met', 'op', 'aan', 'worden', 'bij'],
};

const NAMES: Record<LanguageGuess, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
  unknown: 'a language it does not recognise',
};

export function languageName(language: LanguageGuess): string {
  return NAMES[language];
}

const SAMPLE = 20_000;

/** The language with the most function-word hits in the first 20,000 characters. */
export function detectLanguage(text: string): LanguageGuess {
  const sample = text.slice(0, SAMPLE).toLowerCase();
  const words = sample.match(/\p{L}+/gu) ?? [];
  if (words.length === 0) return 'unknown';
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  let best: LanguageGuess = 'unknown';
  let bestScore = 0;
  for (const [language, list] of Object.entries(STOPWORDS) as [Exclude<LanguageGuess, 'unknown'>, string[]][]) {
    let score = 0;
    for (const w of list) score += counts.get(w) ?? 0;
    if (score > bestScore) {
      best = language;
      bestScore = score;
    }
  }
  // Too few function words to tell (a list of names, another script, random characters).
  const latin = words.filter((w) => /^[\p{Script=Latin}]+$/u.test(w)).length;
  if (bestScore < Math.max(1, words.length * 0.08) || latin < words.length / 2) return 'unknown';
  return best;
}
