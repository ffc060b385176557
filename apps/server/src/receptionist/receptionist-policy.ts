// The receptionist's GDPR policy: a short policy text in the words of the regulation, compiled by
// the real compiler at start. Only the provisions of this text decide (the receptionist states its
// own bases precisely: Art. 6(1)(b) for a demo the visitor asked for, Art. 7 for consent), so the
// GDPR baseline profile's broader rules are left out. Provisions are in the order their reasons
// should come first when two tie: consent (Art. 7) is what a follow-up without consent lacks.
import { compile } from '@bytebound/compiler/compile';
import type { Policy } from '@bytebound/compiler/policy-model';

/** The name the receptionist's policy is registered under as an arbiter (MCP decide and in-process). */
export const RECEPTIONIST_ARBITER = 'receptionist-gdpr';

export const RECEPTIONIST_POLICY_TEXT = `Bytebound receptionist: processing of visitor data under the General Data Protection Regulation

Article 5
1. The controller shall erase personal data when the retention period has expired.

Article 7
1. The controller may collect personal data for follow-up messages and newsletters where the data subject has given consent.

Article 6
1. Lawful bases of processing.
(b) The controller may collect personal data where processing is necessary for the performance of a contract to which the data subject is party or in order to take steps at the request of the data subject prior to entering into a contract.

Article 9
1. The controller shall not collect special categories of personal data, such as data concerning health, sex life or sexual orientation, or revealing racial or ethnic origin, political opinions, religious or philosophical beliefs, or trade union membership.

Article 13
1. The controller shall notify the data subject at the time when personal data are obtained of the identity of the controller, the purposes and the legal basis of the processing.

Article 15
1. The data subject shall have the right to obtain from the controller access to the personal data concerning him or her.

Article 16
1. The data subject shall have the right to obtain from the controller the rectification of inaccurate personal data concerning him or her.

Article 17
1. The data subject shall have the right to obtain from the controller the erasure of personal data concerning him or her without undue delay.

Article 20
1. The data subject shall have the right to receive the personal data concerning him or her in a structured, commonly used and machine-readable format.
`;

let compiled: Policy | undefined;

/** The compiled policy (once per process); throws when the text no longer compiles. */
export function receptionistPolicy(): Policy {
  if (compiled) return compiled;
  const result = compile(RECEPTIONIST_POLICY_TEXT, { format: 'bytebound', jurisdiction: 'EU' });
  if (!result.ok) throw new Error(`the receptionist policy does not compile: ${result.error}`);
  compiled = { ...result.policy, rules: result.policy.rules.filter((rule) => rule.origin === 'text') };
  return compiled;
}
