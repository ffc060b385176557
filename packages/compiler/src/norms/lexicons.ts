// The lexicons of the languages the compiler reads, by language code.
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import type { Language, Lexicon } from './lexicon.ts';
import { pt } from './pt.ts';

export const LEXICONS: Record<Language, Lexicon> = { en, fr, de, es, pt };
