// The contact form's checks (spec section 3's contact form state: name, email, company, interest,
// plus an optional message).
import { emailProblem, type FieldErrors, LEAD_MESSAGES, lengthProblem, onlyProblems, requiredProblem } from '../../../lib/lead-validation.ts';

export type ContactValues = { name: string; email: string; company: string; interest: string; message: string };
export type ContactField = keyof ContactValues;

export function validateContact(values: ContactValues): FieldErrors<ContactField> {
  return onlyProblems<ContactField>({
    name: requiredProblem(values.name, LEAD_MESSAGES.nameRequired),
    email: emailProblem(values.email),
    company: requiredProblem(values.company, LEAD_MESSAGES.companyRequired),
    interest: requiredProblem(values.interest, LEAD_MESSAGES.interestRequired),
    message: lengthProblem(values.message),
  });
}
