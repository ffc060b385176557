// The pilot request form's checks.
import { emailProblem, type FieldErrors, LEAD_MESSAGES, lengthProblem, onlyProblems, requiredProblem } from '../../../lib/lead-validation.ts';
import type { PilotRegulation } from '../api/leads-api.ts';

export type PilotValues = { name: string; email: string; company: string; useCase: string; regulations: PilotRegulation[] };
export type PilotField = keyof PilotValues;

export const PILOT_MESSAGES = {
  useCaseRequired: 'Please describe what your AI agents do and what you want enforced',
  regulationsRequired: 'Please choose at least one regulation',
} as const;

export function validatePilot(values: PilotValues): FieldErrors<PilotField> {
  return onlyProblems<PilotField>({
    name: requiredProblem(values.name, LEAD_MESSAGES.nameRequired),
    email: emailProblem(values.email),
    company: requiredProblem(values.company, LEAD_MESSAGES.companyRequired),
    useCase: requiredProblem(values.useCase, PILOT_MESSAGES.useCaseRequired) ?? lengthProblem(values.useCase),
    regulations: values.regulations.length > 0 ? undefined : PILOT_MESSAGES.regulationsRequired,
  });
}
