// The Cedar runner: @cedar-policy/cedar-wasm parses the emitted policy set, validates it against
// the emitted schema (no errors allowed), and isAuthorized decides each target of each request;
// cedarDecide (the documented host wrapper) combines the targets.
import * as cedar from '@cedar-policy/cedar-wasm/nodejs';
import {
  cedarDecide,
  cedarPolicyMeta,
  extractCedarSchema,
  type CedarAnswer,
  type CedarCall,
  type CedarPhase,
  type CedarPolicyMeta,
} from '../../src/emit/cedar.ts';
import { ACTIONS, type CompleteRequest } from '../../src/policy-model.ts';
import type { FormatDecision, FormatRunner } from './types.ts';

const messages = (errors: { message: string }[]): string => errors.map((e) => e.message).join('; ');

export type LoadedCedar = { decide(request: CompleteRequest): ReturnType<typeof cedarDecide>; policyCount: number };

let loads = 0;
let installed = 0;

/** Parses, validates and pre-parses an emitted policy set; throws Cedar's errors. validateRequest checks every context against the schema too. */
export function loadCedar(output: string, validateRequest = false): LoadedCedar {
  const schema = extractCedarSchema(output);
  const schemaCheck = cedar.checkParseSchema(schema);
  if (schemaCheck.type !== 'success') throw new Error(`Cedar schema does not parse: ${messages(schemaCheck.errors)}`);
  const parts = cedar.policySetTextToParts(output);
  if (parts.type !== 'success') throw new Error(`Cedar policies do not parse: ${messages(parts.errors)}`);
  const staticPolicies: Record<string, string> = {};
  const meta = new Map<string, CedarPolicyMeta>();
  const actionsOf = new Map<string, Set<string> | 'all'>();
  parts.policies.forEach((text, i) => {
    const json = cedar.policyToJson(text);
    if (json.type !== 'success') throw new Error(`Cedar policy ${i} does not convert: ${messages(json.errors)}`);
    staticPolicies[`p${i}`] = text;
    meta.set(`p${i}`, cedarPolicyMeta(json.json.annotations ?? {}));
    const scope = json.json.action;
    actionsOf.set(`p${i}`, scope.op === 'in' && 'entities' in scope ? new Set(scope.entities.map((e) => ('__entity' in e ? e.__entity.id : e.id))) : 'all');
  });
  const validation = cedar.validate({ schema, policies: { staticPolicies } });
  if (validation.type !== 'success') throw new Error(`Cedar validation failed: ${messages(validation.errors)}`);
  if (validation.validationErrors.length > 0)
    throw new Error(`Cedar validation errors: ${validation.validationErrors.map((e) => `${e.policyId}: ${e.error.message}`).join('; ')}`);
  // Policy slicing: one pre-parsed set per phase and action holds only the policies that can apply
  // there (by @kind and the action scope), so Cedar evaluates a fraction of the policies per call.
  // The pre-parsed sets live in cedar-wasm's cache under fixed names (bounded memory); a loaded
  // policy re-installs its slices when another load replaced them.
  const generation = ++loads;
  const phaseOf = (kind: CedarPolicyMeta['kind']): CedarPhase => (kind === 'rule' || kind === 'no-regulation' ? 'rules' : 'requirements');
  const slices = (['rules', 'requirements'] as const).flatMap((phase) =>
    ACTIONS.map((action) => ({
      name: `bytebound/${phase}/${action}`,
      policies: Object.fromEntries(
        Object.entries(staticPolicies).filter(([id]) => {
          const actions = actionsOf.get(id)!;
          return phaseOf(meta.get(id)!.kind) === phase && (actions === 'all' || actions.has(action));
        }),
      ),
    })),
  );
  const install = (): void => {
    const schemaParsed = cedar.preparseSchema('bytebound', schema);
    if (schemaParsed.type !== 'success') throw new Error(`Cedar schema preparse failed: ${messages(schemaParsed.errors)}`);
    for (const slice of slices) {
      const preparsed = cedar.preparsePolicySet(slice.name, { staticPolicies: slice.policies });
      if (preparsed.type !== 'success') throw new Error(`Cedar preparse failed: ${messages(preparsed.errors)}`);
    }
    installed = generation;
  };
  install();
  const authorize = (call: CedarCall): CedarAnswer => {
    if (installed !== generation) install();
    const answer = cedar.statefulIsAuthorized({
      ...call,
      preparsedPolicySetId: `bytebound/${String(call.context.phase)}/${call.action.id}`,
      preparsedSchemaName: 'bytebound',
      validateRequest,
      entities: [],
    });
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
