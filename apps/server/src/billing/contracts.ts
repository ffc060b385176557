// Enterprise contracts on accounts (DESIGN section 8): set, cleared and listed by an operator from
// the command line (`bytebound contracts`), never over HTTP. The decision API reads a change within
// RECENT_READ_TTL_MS; the account page at its next load.
import type { Database } from '../db/database.ts';
import { canonicalEmail } from '../email/email-address.ts';
import { CONTRACTS, type ContractId } from './plans.ts';

export type ContractSummary = { email: string; company: string; contract: ContractId; name: string; accountId: string };

/** Sets (or with null, clears) the contract of the account with this email; false when there is no such account. */
export async function setContract(db: Database, email: string, contract: ContractId | null): Promise<boolean> {
  const result = await db.updateTable('accounts').set({ contract }).where('email', '=', canonicalEmail(email)).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function listContracts(db: Database): Promise<ContractSummary[]> {
  const rows = await db.selectFrom('accounts').select(['id', 'email', 'company_name', 'contract']).where('contract', 'is not', null).orderBy('email').execute();
  return rows.flatMap((r) => {
    const contract = CONTRACTS[r.contract as ContractId];
    return contract ? [{ email: r.email, company: r.company_name, contract: contract.id, name: contract.displayName, accountId: r.id }] : [];
  });
}
