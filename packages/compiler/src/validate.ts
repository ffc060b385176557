// Input checks of spec section 5, shared by the compiler, the server and the web app (which runs
// them live while the visitor types). Only errors block compiling. Light: imports detection only.
import { LEGAL_TEXT_MIN_LENGTH, LEGAL_TEXT_SOFT_MAX_LENGTH, STRUCTURE_CHECK_MIN_LENGTH } from './config.ts';
import { detectJurisdiction } from './detect.ts';
import type { Detection, Validation } from './policy-model.ts';

export const MESSAGE_TOO_SHORT = 'Legal text must be at least 10 characters long.';
export const MESSAGE_LARGE_TEXT = 'Large texts may take longer to process (current limit: 50KB).';
export const MESSAGE_NO_JURISDICTION = 'Could not detect specific jurisdiction - will use general compliance rules.';
export const MESSAGE_NO_MODAL_WORDS =
  'No duty or right words found (such as shall, must, may or right): paste the operative text of the provision.';
export const MESSAGE_NO_STRUCTURE_WORDS =
  'No article, section or paragraph references found: include the headings so each rule can cite its source.';

/** Spec section 5's modal words, plus the same words in the other languages the compiler reads. */
const MODAL_WORDS = new RegExp(
  '(?<![\\p{L}\\p{N}])(?:shall|must|may|should|will|rights?|obligations?|requirements?|prohibited' +
    '|doit|doivent|peut|peuvent|droit|obligation|interdit' +
    '|muss|müssen|darf|dürfen|kann|können|Recht|verpflichtet|untersagt|verboten' +
    '|debe|deben|deberá|deberán|podrá|podrán|derecho|obligado|prohibido' +
    '|deve|devem|deverá|deverão|poderá|poderão|direito|obrigação|obrigado|vedado|proibido)(?![\\p{L}\\p{N}])',
  'iu',
);

/** Spec section 5's structure words, plus §, headings in the other languages and numbered points. */
const STRUCTURE_WORDS = new RegExp(
  '(?<![\\p{L}\\p{N}])(?:section|article|paragraph|clause|subsection|art\\.|requirement|principle' +
    '|paragraphe|alinéa|artikel|absatz|unterabsatz|artículo|apartado|artigo|parágrafo|inciso)(?![\\p{L}\\p{N}])|§',
  'iu',
);

/** Length in characters (Unicode code points), as a visitor counts them. */
export function characterCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xdc00 || unit > 0xdfff || i === 0 || text.charCodeAt(i - 1) < 0xd800 || text.charCodeAt(i - 1) > 0xdbff) count++;
  }
  return count;
}

/**
 * The checks of spec section 5. `detection` may be passed when the caller already detected the
 * jurisdiction; otherwise it is detected here.
 */
export function validateLegalText(text: string, detection: Detection = detectJurisdiction(text)): Validation {
  const errors: string[] = [];
  const warnings: string[] = [];
  const suggestions: string[] = [];
  const trimmed = text.trim();
  const length = characterCount(trimmed);
  if (length < LEGAL_TEXT_MIN_LENGTH) {
    errors.push(MESSAGE_TOO_SHORT);
    return { errors, warnings, suggestions };
  }
  if (length > LEGAL_TEXT_SOFT_MAX_LENGTH) warnings.push(MESSAGE_LARGE_TEXT);
  if (!detection.jurisdiction) warnings.push(MESSAGE_NO_JURISDICTION);
  if (!MODAL_WORDS.test(trimmed)) suggestions.push(MESSAGE_NO_MODAL_WORDS);
  if (length > STRUCTURE_CHECK_MIN_LENGTH && !STRUCTURE_WORDS.test(trimmed)) suggestions.push(MESSAGE_NO_STRUCTURE_WORDS);
  return { errors, warnings, suggestions };
}
