// analyze(): validation, jurisdiction and regulation detection, segmentation and norm extraction
// of one legal text. Deterministic: the same text and options give the same Analysis.
import { DEFAULT_JURISDICTION, LEGAL_TEXT_HARD_LIMIT_BYTES } from './config.ts';
import { JURISDICTION_OF_REGULATION, REGULATION_OF_JURISDICTION, detectJurisdiction } from './detect.ts';
import { LegalTextError } from './errors.ts';
import { extractNorms } from './norms/extract.ts';
import { detectLanguage, languageName } from './norms/language.ts';
import { LEXICONS } from './norms/lexicons.ts';
import type { Analysis, Detection, Jurisdiction } from './policy-model.ts';
import { validateLegalText } from './validate.ts';

export type AnalyzeOptions = {
  /**
   * The caller's jurisdiction: overrides detection (confidence 1). The detected regulation is kept
   * when it belongs to that jurisdiction (a CCPA text analysed for US stays CCPA), else the
   * jurisdiction's own regulation is used.
   */
  jurisdiction?: Jurisdiction;
};

export const NOTE_TOO_SHORT = 'The text is too short to contain a norm.';
export const NOTE_NOT_LEGAL = 'The text does not read as legal text (no legal subject, provision or regulation found); no norms were extracted.';
export const NOTE_DEFINITIONS = 'The text defines terms but states no duty, right, permission or prohibition; no norms were extracted.';
export const NOTE_RECITAL = "The text is a recital or recommendation ('should'), which creates no binding duty; no norms were extracted.";
export const NOTE_NO_NORMS = 'No duty, right, permission or prohibition found in the text.';
export function noteUnsupportedLanguage(name: string): string {
  return `The text appears to be in ${name}, which the compiler does not read (it reads English, French, German, Spanish and Portuguese); no norms were extracted.`;
}

/** The size of a string in UTF-8 bytes, without allocating (runs in the browser too). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

export function wordCount(text: string): number {
  let count = 0;
  WORD.lastIndex = 0;
  while (WORD.exec(text)) count++;
  return count;
}

const STRUCTURE = /(?<![\p{L}])(?:Article|Art\.|Section|Sec\.|Paragraph|Subsection|Subdivision|Requirement|Principle|Artikel|Absatz|Artículo|Apartado|Artigo|Parágrafo|Inciso|Alinéa)(?![\p{L}])|§|^\s*(?:\d{1,3}\.|\(\w{1,4}\))\s/imu;
const RECOMMENDATION = /(?<![\p{L}])(?:should|whereas|devrait|sollte|debería|deveria|deverá ser)(?![\p{L}])/iu;

/** US contains its states and HIPAA's jurisdiction (DESIGN section 3); every code contains itself. */
function within(inner: Jurisdiction, outer: Jurisdiction): boolean {
  return inner === outer || (outer === 'US' && inner.startsWith('US-'));
}

export function analyze(text: string, options: AnalyzeOptions = {}): Analysis {
  if (typeof text !== 'string') throw new LegalTextError('not-text', 'Legal text must be a string.');
  const bytes = utf8Length(text);
  if (bytes > LEGAL_TEXT_HARD_LIMIT_BYTES) {
    throw new LegalTextError(
      'too-large',
      `Legal text is too large: ${bytes.toLocaleString('en-US')} bytes exceeds the 1 MB limit (${LEGAL_TEXT_HARD_LIMIT_BYTES.toLocaleString('en-US')} bytes of UTF-8).`,
    );
  }
  const raw = detectJurisdiction(text);
  const detected: Detection = options.jurisdiction
    ? {
        jurisdiction: options.jurisdiction,
        regulation: raw.regulation && within(JURISDICTION_OF_REGULATION[raw.regulation], options.jurisdiction) ? raw.regulation : REGULATION_OF_JURISDICTION[options.jurisdiction],
        confidence: 1,
      }
    : raw;
  const validation = validateLegalText(text, detected);
  const words = wordCount(text);
  if (validation.errors.length > 0) return { detected, validation, norms: [], note: NOTE_TOO_SHORT, wordCount: words };

  const language = detectLanguage(text);
  if (language !== 'en' && language !== 'fr' && language !== 'de' && language !== 'es' && language !== 'pt') {
    return { detected, validation, norms: [], note: noteUnsupportedLanguage(languageName(language)), wordCount: words };
  }
  const regulation = detected.regulation ?? REGULATION_OF_JURISDICTION[detected.jurisdiction ?? DEFAULT_JURISDICTION];
  const legalSignal = detected.jurisdiction !== null || STRUCTURE.test(text);
  const { norms, found } = extractNorms(text, { regulation, lexicon: LEXICONS[language], legalSignal });
  let note: string | null = null;
  if (norms.length === 0) {
    if (!legalSignal && found.modals > 0) note = NOTE_NOT_LEGAL;
    else if (found.definitions > 0) note = NOTE_DEFINITIONS;
    else if (RECOMMENDATION.test(text)) note = NOTE_RECITAL;
    else if (!legalSignal) note = NOTE_NOT_LEGAL;
    else note = NOTE_NO_NORMS;
  }
  return { detected, validation, norms, note, wordCount: words };
}
