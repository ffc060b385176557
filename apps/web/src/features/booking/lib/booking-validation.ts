// The booking form's checks, with the messages shown under each field.
import { emailProblem, type FieldErrors, LEAD_MESSAGES, lengthProblem, onlyProblems, requiredProblem } from '../../../lib/lead-validation.ts';

export type BookingValues = { name: string; email: string; company: string; interest: string; notes: string };
export type BookingField = keyof BookingValues | 'slot';

export const SLOT_REQUIRED = 'Please choose a time for the demo';

export function validateBooking(values: BookingValues, slotChosen: boolean): FieldErrors<BookingField> {
  return onlyProblems<BookingField>({
    slot: slotChosen ? undefined : SLOT_REQUIRED,
    name: requiredProblem(values.name, LEAD_MESSAGES.nameRequired),
    email: emailProblem(values.email),
    company: requiredProblem(values.company, LEAD_MESSAGES.companyRequired),
    interest: requiredProblem(values.interest, LEAD_MESSAGES.interestRequired),
    notes: lengthProblem(values.notes),
  });
}
