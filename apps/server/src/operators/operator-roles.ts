// Account roles: 'customer' (every account) and 'operator' (the team: sees the leads). Roles are
// set from the command line (`bytebound operators grant|revoke|list`), never over HTTP.
import type { Database } from '../db/database.ts';
import { canonicalEmail } from '../email/email-address.ts';

export const OPERATOR_ROLE = 'operator';
export const CUSTOMER_ROLE = 'customer';

export type OperatorSummary = { email: string; name: string; company: string; accountId: string };

/** Sets the role of the account with this email; false when there is no such account. */
export async function setRole(db: Database, email: string, role: typeof OPERATOR_ROLE | typeof CUSTOMER_ROLE): Promise<boolean> {
  const result = await db.updateTable('accounts').set({ role }).where('email', '=', canonicalEmail(email)).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listOperators(db: Database): Promise<OperatorSummary[]> {
  const rows = await db.selectFrom('accounts').select(['id', 'email', 'first_name', 'last_name', 'company_name']).where('role', '=', OPERATOR_ROLE).orderBy('email').execute();
  return rows.map((r) => ({ email: r.email, name: `${r.first_name} ${r.last_name}`.trim(), company: r.company_name, accountId: r.id }));
}
