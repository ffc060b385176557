// The lexicons of the languages the compiler reads, by language code.
import { en } from './en.ts';
import type { Language, Lexicon } from './lexicon.ts';

export const LEXICONS: Record<Language, Lexicon> = { en, fr: en, de: en, es: en, pt: en };
