// Which decisions a visitor's message needs before anything of it is stored (DESIGN section 7):
// one per personal data item, under the basis its purpose has — a demo the visitor asked for rests
// on a contract step (Art. 6(1)(b)); follow-up and newsletter on consent (Art. 7); special categories
// are asked for as `sensitive` and never have a basis here (Art. 9); card and identity numbers are
// needed for nothing the receptionist does (no basis). Requests carry categories, never values.
import type { DecisionRequest } from '@bytebound/compiler/policy-model';
import type { Intent } from './intents.ts';
import type { PersonalDataCategory, PersonalDataItem } from './personal-data.ts';

export type Purpose = 'demo' | 'follow_up' | 'newsletter' | 'none' | 'notice' | 'message';

export type PlannedDecision = {
  /** The stream's `field`: what the decision is about. */
  field: PersonalDataCategory | 'message' | 'transparency_notice' | 'consent' | 'session_data';
  action: string;
  target: string;
  purpose: Purpose;
  legalBasis: string;
  request: DecisionRequest;
  item?: PersonalDataItem;
};

export type ConsentState = { followUp: boolean; newsletter: boolean };

const SPECIAL: ReadonlySet<PersonalDataCategory> = new Set(['health', 'special_category']);
const NEVER_NEEDED: ReadonlySet<PersonalDataCategory> = new Set(['card_number', 'national_id', 'iban']);

const principal = { id: 'bytebound-receptionist', type: 'agent' };

/** The purpose personal data in this message would be kept for. */
export function purposeOf(intent: Intent, message: string, demoRequested: boolean): Purpose {
  if (/\bnewsletter\b/i.test(message)) return 'newsletter';
  if (intent === 'booking' || demoRequested) return 'demo';
  return 'follow_up';
}

export function planDecisions(items: readonly PersonalDataItem[], purpose: Purpose, consent: ConsentState, firstContact: boolean): PlannedDecision[] {
  const planned: PlannedDecision[] = [];
  if (firstContact) {
    planned.push({
      field: 'transparency_notice',
      action: 'notify',
      target: 'personal',
      purpose: 'notice',
      legalBasis: 'legal-obligation',
      request: { principal, action: 'notify', timing: 'session-start', target: 'personal', attributes: { principalRole: 'controller', legalBasis: 'legal-obligation', destination: 'internal' } },
    });
  }
  for (const item of items) {
    let target = 'personal';
    let legalBasis = 'none';
    let consentGiven = false;
    let itemPurpose: Purpose = purpose;
    if (SPECIAL.has(item.category)) {
      target = 'sensitive';
    } else if (NEVER_NEEDED.has(item.category)) {
      itemPurpose = 'none';
    } else if (purpose === 'demo') {
      legalBasis = 'contract';
    } else if (purpose === 'newsletter' || purpose === 'follow_up') {
      consentGiven = purpose === 'newsletter' ? consent.newsletter : consent.followUp;
      legalBasis = consentGiven ? 'consent' : 'none';
    }
    planned.push({
      field: item.category,
      action: 'create',
      target,
      purpose: itemPurpose,
      legalBasis,
      item,
      request: {
        principal,
        action: 'create',
        timing: 'prompt-submit',
        target,
        attributes: { principalRole: 'controller', legalBasis, consent: consentGiven, destination: 'internal' },
      },
    });
  }
  if (items.length === 0) {
    // A message without personal data is still decided: its text is general data no GDPR rule restricts.
    planned.push({
      field: 'message',
      action: 'create',
      target: 'general',
      purpose: 'message',
      legalBasis: 'none',
      request: { principal, action: 'create', timing: 'prompt-submit', target: 'general', attributes: { principalRole: 'controller', destination: 'internal' } },
    });
  }
  return planned;
}
