// Validates a decision request and completes it once, before any format decides
// (docs/policy-semantics.md "The request a format sees"): defaults filled, vocabulary checked.
import {
  ACTIONS,
  BOOLEAN_ATTRIBUTES,
  DEFAULT_ATTRIBUTES,
  ENUM_ATTRIBUTES,
  NUMBER_ATTRIBUTES,
  TARGETS,
  TIMINGS,
  type Attributes,
  type CompleteRequest,
  type Target,
} from './policy-model.ts';

export type RequestResult = { ok: true; request: CompleteRequest } | { ok: false; error: string };

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const listOf = (values: readonly string[]) => values.join(', ');

// A message names the field and what it accepts, never the value sent: request values may be
// personal data, and a malformed request's reason is signed into the audit log with its DENY.
// Only the JSON type of a wrong value is said.
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function notOneOf(field: string, value: unknown, values: readonly string[]): string {
  if (value === undefined) return `${field} is missing: it must be one of ${listOf(values)}`;
  if (typeof value === 'string') return `${field} is not one of ${listOf(values)}`;
  return `${field} must be one of ${listOf(values)}, not ${kindOf(value)}`;
}

/** An attribute name is shown when it is a plain identifier (a misspelt vocabulary word), never otherwise. */
const unknownAttribute = (name: string) => (/^[A-Za-z][A-Za-z0-9_-]{0,63}$/.test(name) ? `unknown attribute '${name}'` : 'an attribute name outside the vocabulary');

/** A complete request, or the reason it is malformed ("malformed request: ..." is the caller's DENY). */
export function completeRequest(input: unknown): RequestResult {
  const fail = (error: string): RequestResult => ({ ok: false, error: `malformed request: ${error}` });
  if (!isRecord(input)) return fail('the request must be a JSON object');
  const { action, timing, target } = input;
  if (typeof action !== 'string' || !(ACTIONS as readonly string[]).includes(action))
    return fail(notOneOf('action', action, ACTIONS));
  if (typeof timing !== 'string' || !(TIMINGS as readonly string[]).includes(timing))
    return fail(notOneOf('timing', timing, TIMINGS));
  const rawTargets = Array.isArray(target) ? target : [target];
  if (rawTargets.length === 0) return fail('target must name at least one target');
  const targets: Target[] = [];
  for (const t of rawTargets) {
    if (typeof t !== 'string' || !(TARGETS as readonly string[]).includes(t)) return fail(notOneOf('target', t, TARGETS));
    if (!targets.includes(t as Target)) targets.push(t as Target);
  }
  // principal and resource do not decide, but a request that gives them the wrong shape is malformed.
  // (null counts as not given, for these and for attributes.)
  const { principal, resource } = input;
  if (principal != null) {
    if (!isRecord(principal)) return fail(`principal must be an object, not ${kindOf(principal)}`);
    for (const field of ['id', 'type'] as const) {
      if (principal[field] != null && typeof principal[field] !== 'string') return fail(`principal.${field} must be a string, not ${kindOf(principal[field])}`);
    }
  }
  if (resource != null && !isRecord(resource)) return fail(`resource must be an object, not ${kindOf(resource)}`);
  const given = input.attributes ?? {};
  if (!isRecord(given)) return fail(`attributes must be an object, not ${kindOf(given)}`);
  const attributes: Attributes = { ...DEFAULT_ATTRIBUTES };
  for (const [name, value] of Object.entries(given)) {
    if (Object.hasOwn(ENUM_ATTRIBUTES, name)) {
      const values = ENUM_ATTRIBUTES[name as keyof typeof ENUM_ATTRIBUTES] as readonly string[];
      if (typeof value !== 'string' || !values.includes(value)) return fail(notOneOf(name, value, values));
      (attributes as Record<string, unknown>)[name] = value;
    } else if ((BOOLEAN_ATTRIBUTES as readonly string[]).includes(name)) {
      if (typeof value !== 'boolean') return fail(`${name} must be true or false, not ${kindOf(value)}`);
      (attributes as Record<string, unknown>)[name] = value;
    } else if ((NUMBER_ATTRIBUTES as readonly string[]).includes(name)) {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) return fail(`${name} must be a finite number >= 0${typeof value === 'number' ? '' : `, not ${kindOf(value)}`}`);
      (attributes as Record<string, unknown>)[name] = value;
    } else {
      return fail(unknownAttribute(name));
    }
  }
  return { ok: true, request: { action: action as CompleteRequest['action'], timing: timing as CompleteRequest['timing'], targets, attributes } };
}
