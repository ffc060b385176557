// The Cedar runner: @cedar-policy/cedar-wasm parses the emitted policy set, validates it against
// the emitted schema (no errors allowed), and isAuthorized decides each target of each request;
// cedarDecide (the documented host wrapper) combines the targets.
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import { cedarDecide, cedarPolicyMeta, extractCedarSchema, type CedarAnswer, type CedarCall, type CedarPolicyMeta } from '../../src/emit/cedar.ts';
import type { CompleteRequest } from '../../src/policy-model.ts';
import type { FormatDecision, FormatRunner } from './types.ts';

const messages = (errors: { message: string }[]): string => errors.map((e) => e.message).join('; ');

export type LoadedCedar = { decide(request: CompleteRequest): ReturnType<typeof cedarDecide>; policyCount: number };

let loads = 0;

/** Parses, validates and pre-parses an emitted policy set; throws Cedar's errors. */
export function loadCedar(output: string): LoadedCedar {
  const schema = extractCedarSchema(output);
  const schemaCheck = cedar.checkParseSchema(schema);
  if (schemaCheck.type !== 'success') throw new Error(`Cedar schema does not parse: ${messages(schemaCheck.errors)}`);
  const parts = cedar.policySetTextToParts(output);
  if (parts.type !== 'success') throw new Error(`Cedar policies do not parse: ${messages(parts.errors)}`);
  const staticPolicies: Record<string, string> = {};
  const meta = new Map<string, CedarPolicyMeta>();
  parts.policies.forEach((text, i) => {
    const json = cedar.policyToJson(text);
    if (json.type !== 'success') throw new Error(`Cedar policy ${i} does not convert: ${messages(json.errors)}`);
    staticPolicies[`p${i}`] = text;
    meta.set(`p${i}`, cedarPolicyMeta(json.json.annotations ?? {}));
  });
  const validation = cedar.validate({ schema, policies: { staticPolicies } });
  if (validation.type !== 'success') throw new Error(`Cedar validation failed: ${messages(validation.errors)}`);
  if (validation.validationErrors.length > 0)
    throw new Error(`Cedar validation errors: ${validation.validationErrors.map((e) => `${e.policyId}: ${e.error.message}`).join('; ')}`);
  const id = `bytebound-${++loads}`;
  const preparsed = cedar.preparsePolicySet(id, { staticPolicies });
  if (preparsed.type !== 'success') throw new Error(`Cedar preparse failed: ${messages(preparsed.errors)}`);
  const schemaParsed = cedar.preparseSchema(id, schema);
  if (schemaParsed.type !== 'success') throw new Error(`Cedar schema preparse failed: ${messages(schemaParsed.errors)}`);
  const authorize = (call: CedarCall): CedarAnswer => {
    const answer = cedar.statefulIsAuthorized({ ...call, preparsedPolicySetId: id, preparsedSchemaName: id, validateRequest: true, entities: [] });
    if (answer.type !== 'success') return { decision: 'deny', reason: [], errors: answer.errors.map((e) => e.message) };
    return { decision: answer.response.decision, reason: answer.response.diagnostics.reason, errors: answer.response.diagnostics.errors.map((e) => e.error.message) };
  };
  const metaOf = (policyId: string): CedarPolicyMeta => {
    const m = meta.get(policyId);
    if (!m) throw new Error(`Cedar answered with an unknown policy ${policyId}`);
    return m;
  };
  return { decide: (request) => cedarDecide(request, authorize, metaOf), policyCount: parts.policies.length };
}

export const cedarRunner: FormatRunner = {
  format: 'cedar',
  async decideAll(output: string, _policy, requests: CompleteRequest[]): Promise<FormatDecision[]> {
    const loaded = loadCedar(output);
    return requests.map((request) => {
      const { decision, article, applied_policies } = loaded.decide(request);
      return { decision, article, applied_policies };
    });
  },
};
