// Shared by the emitters: text from the input (quotes, reasons, articles) goes into comments and
// string literals of seven languages, and must never break out of them. Plus the decision order
// and regulation applicability every emitted program precomputes.
import { NO_REGULATION, UNDEFINED_SCENARIO } from '../evaluate.ts';
import { JURISDICTIONS, type Jurisdiction, type Policy, type Rule } from '../policy-model.ts';

// Line terminators of any of the target languages (LF, CR, NEL, U+2028, U+2029), other control
// characters, and the bidirectional controls rustc rejects in comments and literals.
const UNSAFE_IN_COMMENT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * Text safe inside a line comment and a block comment of every format: no line break, no control
 * character, and the block comment delimiters of C-like languages (`/*`, `*\/`) and of
 * WebAssembly (`(;`, `;)`) are broken up by a space.
 */
export function commentText(text: string): string {
  return text
    .replace(UNSAFE_IN_COMMENT, ' ')
    .replace(/\*(?=\/)/g, '* ')
    .replace(/\/(?=\*)/g, '/ ')
    .replace(/\((?=;)/g, '( ')
    .replace(/;(?=\))/g, '; ');
}

/** A JSON string literal (also valid in Rego) with U+2028 and U+2029 escaped too. */
export function jsonString(text: string): string {
  return JSON.stringify(text).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** Replace lone surrogates by U+FFFD: Rust and Cedar strings hold Unicode scalar values only. */
export function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}

/**
 * A double-quoted string literal in Rust or Cedar syntax (both know \n \r \t \\ \0 \' \" and
 * \u{hex}): quotes and backslashes escaped, every control, line-separator and bidirectional
 * character written as \u{hex}.
 */
export function braceEscapedString(text: string): string {
  let out = '"';
  for (const ch of wellFormed(text)) {
    const code = ch.codePointAt(0)!;
    if (ch === '"') out += '\\"';
    else if (ch === '\\') out += '\\\\';
    else if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 || (code >= 0x200e && code <= 0x200f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069) || code === 0xfeff)
      out += `\\u{${code.toString(16)}}`;
    else out += ch;
  }
  return out + '"';
}

/** A WebAssembly text string literal of the UTF-8 bytes: printable ASCII as is, the rest as \hh. */
export function watString(bytes: Uint8Array): string {
  let out = '"';
  for (const b of bytes) {
    if (b >= 0x20 && b < 0x7f && b !== 0x22 && b !== 0x5c) out += String.fromCharCode(b);
    else out += `\\${b.toString(16).padStart(2, '0')}`;
  }
  return out + '"';
}

/** The rules in decision order: priority descending, ties in policy order (docs/policy-semantics.md). */
export function rulesInDecisionOrder(policy: Policy): Rule[] {
  return policy.rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => b.rule.priority - a.rule.priority || a.index - b.index)
    .map(({ rule }) => rule);
}

const CONTAINED: Partial<Record<Jurisdiction, readonly Jurisdiction[]>> = {
  US: ['US-CA', 'US-NY', 'US-VA', 'US-HIPAA'],
};

/**
 * The request jurisdictions under which a regulation of this jurisdiction applies (besides an
 * absent jurisdiction, under which every regulation applies): its own, those it contains, and
 * every one for GLOBAL-PCI.
 */
export function applicableJurisdictions(regulationJurisdiction: Jurisdiction): Jurisdiction[] {
  if (regulationJurisdiction === 'GLOBAL-PCI') return [...JURISDICTIONS];
  return [regulationJurisdiction, ...(CONTAINED[regulationJurisdiction] ?? [])];
}

/** A finite number as a literal the target languages share (JSON number syntax). */
export function numberLiteral(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`condition threshold ${value} is not a finite number`);
  return JSON.stringify(value);
}

/** Reason texts of the rule-less outcomes (docs/policy-semantics.md), as the reference evaluator words them. */
export const NO_REGULATION_REASON = NO_REGULATION;
export const UNDEFINED_SCENARIO_REASON = UNDEFINED_SCENARIO;

/** How a rule decided a target: the wording of its reason (the reference evaluator's). */
export { reasonText, type ReasonKind } from '../evaluate.ts';

/** The undefined-scenario reason: a denial under strict, a warning otherwise. */
export function undefinedScenarioText(level: Policy['enforcementLevel']): string {
  return level === 'strict' ? UNDEFINED_SCENARIO_REASON : `warning: ${UNDEFINED_SCENARIO_REASON}`;
}
