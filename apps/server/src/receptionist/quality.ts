// Scores the receptionist on its labelled visitor messages (labelled-messages.json): intent
// accuracy, personal data categories found, and whether the engine's decision on storing the
// message (exit code and article, in a fresh session without consent) is the expected one.
import type { DecisionRequest } from '@bytebound/compiler/policy-model';
import { completeRequest } from '@bytebound/compiler/request';
import { decide, failSecure } from '@bytebound/engine/decide';
import { loadPolicy } from '@bytebound/engine/loaded-policy';
import labelled from './labelled-messages.json' with { type: 'json' };
import { planDecisions, purposeOf } from './compliance-plan.ts';
import { classifyIntent, type Intent } from './intents.ts';
import type { Knowledge } from './knowledge.ts';
import { findPersonalData } from './personal-data.ts';
import { receptionistPolicy } from './receptionist-policy.ts';

export type LabelledMessage = { text: string; intent: Intent; personalData: string[]; expected: { exitCode: 0 | 2; article: string | null } };

export const LABELLED_MESSAGES: readonly LabelledMessage[] = (labelled as { messages: LabelledMessage[] }).messages;

export type QualityRow = LabelledMessage & { got: { intent: Intent; personalData: string[]; exitCode: 0 | 2; article: string | null } };

export type Quality = { rows: QualityRow[]; intentAccuracy: number; personalDataAccuracy: number; decisionCorrectness: number };

/** The message's overall storage decision: the first denial, else the first allow that names an article. */
export function decideMessage(message: string, intent: Intent): { exitCode: 0 | 2; article: string | null; personalData: string[] } {
  const policy = loadPolicy(receptionistPolicy());
  const items = findPersonalData(message);
  const planned = planDecisions(items, purposeOf(intent, message, false), { followUp: false, newsletter: false }, false);
  const decisions = planned.map((p) => {
    const completed = completeRequest(p.request as DecisionRequest);
    return completed.ok ? decide(policy, completed.request) : failSecure(completed.error);
  });
  // As the receptionist reports it: a special-category denial first, else the first denial.
  const order = planned.map((p, i) => i).sort((a, b) => Number(planned[b]!.target === 'sensitive') - Number(planned[a]!.target === 'sensitive'));
  const denied = order.map((i) => decisions[i]!).find((d) => d.exitCode === 2);
  const allowed = decisions.find((d) => d.article !== null);
  return { exitCode: denied ? 2 : 0, article: (denied ?? allowed)?.article ?? null, personalData: [...new Set(items.map((i) => i.category))].sort() };
}

export function scoreReceptionist(knowledge: Knowledge, messages: readonly LabelledMessage[] = LABELLED_MESSAGES): Quality {
  const rows = messages.map((m) => {
    const intent = classifyIntent(m.text, knowledge).intent;
    return { ...m, got: { intent, ...decideMessage(m.text, intent) } };
  });
  const share = (f: (r: QualityRow) => boolean) => rows.filter(f).length / rows.length;
  return {
    rows,
    intentAccuracy: share((r) => r.got.intent === r.intent),
    personalDataAccuracy: share((r) => JSON.stringify(r.got.personalData) === JSON.stringify([...r.personalData].sort())),
    decisionCorrectness: share((r) => r.got.exitCode === r.expected.exitCode && r.got.article === r.expected.article),
  };
}
