// The policy `bytebound hook` enforces when no --policy is given: the GDPR, PCI DSS and HIPAA
// baseline profiles with no text norms, one agent rule for card numbers that leave the machine,
// and a destinations table that records the model's provider as a processor under contract.
import { buildPolicy } from '@bytebound/compiler/policy/build-policy';
import { opcodes } from '@bytebound/compiler/policy/opcodes';
import type { DestinationRecord, Policy, Rule } from '@bytebound/compiler/policy-model';
import { MODEL_PROVIDER_HOST } from './config.ts';

/** A full card number sent anywhere outside (a prompt to the model provider, a request to a remote service) is stored there in clear. */
export const PAN_LEAVES_RULE: Rule = {
  id: 'agent-pci-dss-req-3-pan-leaves-in-clear',
  effect: 'forbid',
  regulation: 'PCI-DSS',
  opcodes: opcodes(['share'], ['prompt-submit', 'pre-action'], ['financial']),
  when: [],
  unless: [{ attribute: 'masked', equals: true }],
  priority: 96,
  article: 'PCI DSS Req. 3',
  reason: 'a full card number (PAN) may not leave the cardholder data environment in clear: a recipient would store it readable (Req. 3.4, 3.5)',
  quote: '',
  review: [],
  origin: 'baseline',
};

export const DEFAULT_DESTINATIONS: DestinationRecord[] = [
  { host: MODEL_PROVIDER_HOST, destination: 'processor', legalBasis: 'contract', safeguards: true },
  { host: '*.anthropic.com', destination: 'processor', legalBasis: 'contract', safeguards: true },
];

export function defaultPolicy(): Policy {
  const policy = buildPolicy([], { enforcementLevel: 'strict', regulations: ['GDPR', 'PCI-DSS', 'HIPAA'] });
  return { ...policy, rules: [PAN_LEAVES_RULE, ...policy.rules], destinations: DEFAULT_DESTINATIONS };
}
