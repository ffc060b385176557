// Synthetic traffic for the homepage's decision feed (DESIGN section 8): made-up agent actions on
// made-up contact-form fields, decided in the browser by the engine (the same decide() the server
// runs) against the GDPR template compiled by the real compiler. Not signed, not logged, not counted.
import type { Policy } from '@bytebound/compiler/policy-model';
import { completeRequest } from '@bytebound/compiler/request';
import { decide, failSecure } from '@bytebound/engine/decide';
import { loadPolicy } from '@bytebound/engine/loaded-policy';
import policyJson from '../data/gdpr-policy.json';

const policy = loadPolicy(policyJson as unknown as Policy);

/** The spec's demo decision record (section 3). */
export type SyntheticDecision = {
  id: string;
  timestamp: number;
  action: 'VALIDATE' | 'CREATE' | 'READ' | 'DELETE' | 'MODIFY';
  field: 'name' | 'email' | 'company' | 'interest';
  exitCode: 0 | 2;
  article: string | null;
  reason: string;
  executionTimeUs: number;
  sessionId: string;
};

const ACTIONS = {
  VALIDATE: 'process',
  CREATE: 'create',
  READ: 'read',
  DELETE: 'delete',
  MODIFY: 'modify',
} as const satisfies Record<SyntheticDecision['action'], string>;
const FIELDS: readonly SyntheticDecision['field'][] = ['name', 'email', 'company', 'interest'];
/**
 * About three requests in a hundred come from a careless agent: it processes a contact's name or
 * email (creates, reads, validates or changes it) without a lawful basis, which the policy blocks
 * (spec section 4: about 3% get exit code 2). Every other request has a basis.
 */
const CARELESS_SHARE = 0.03;
const CARELESS_ACTIONS: readonly SyntheticDecision['action'][] = ['VALIDATE', 'CREATE', 'READ', 'MODIFY'];
const PERSONAL_FIELDS: readonly SyntheticDecision['field'][] = ['name', 'email'];

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

let sequence = 0;
const sessionId = `synthetic-${Math.random().toString(36).slice(2, 8)}`;

export function nextSyntheticDecision(): SyntheticDecision {
  const careless = Math.random() < CARELESS_SHARE;
  const action = careless ? pick(CARELESS_ACTIONS) : pick(Object.keys(ACTIONS) as SyntheticDecision['action'][]);
  const field = careless ? pick(PERSONAL_FIELDS) : pick(FIELDS);
  const legalBasis = careless ? 'none' : pick(['consent', 'contract', 'legitimate-interests'] as const);
  const request = {
    principal: { id: 'synthetic-agent', type: 'agent' },
    action: ACTIONS[action],
    timing: 'pre-action',
    target: field === 'company' || field === 'interest' ? 'general' : 'personal',
    attributes: { legalBasis, jurisdiction: 'EU', destination: 'internal', consent: legalBasis === 'consent' },
  };
  const started = performance.now();
  const complete = completeRequest(request);
  const decision = complete.ok ? decide(policy, complete.request) : failSecure(complete.error);
  const executionTimeUs = Math.max(1, Math.round((performance.now() - started) * 1000));
  sequence++;
  return {
    id: `${sessionId}-${sequence}`,
    timestamp: Date.now(),
    action,
    field,
    exitCode: decision.exitCode,
    article: decision.article,
    reason: decision.reasons[0]?.text ?? '',
    executionTimeUs,
    sessionId,
  };
}
