// `bytebound contracts set|clear|list`: the enterprise tier of an account after a sales contract
// (DESIGN section 8: the pricing page's Enterprise, Premium, Elite and Scale Enterprise and Custom
// tiers). Works on the server's own database (DATA_DIR / DATABASE_URL, the server's
// configuration); the account must exist already (its owner registers on the site first).
import { withServerDatabase } from '../server-database.ts';

export const summary = 'set, clear or list the enterprise contract of an account';

const TIERS = ['enterprise', 'premium-enterprise', 'elite-enterprise', 'scale-enterprise', 'custom'] as const;

const HELP = `Usage: bytebound contracts <set|clear|list> [email] [tier] [--json]

  set   <email> <tier>   put the account under a contract; tiers (all with unlimited decisions,
                         every built-in arbiter, webhooks and unlimited audit retention):
                           enterprise          no custom arbiter
                           premium-enterprise  1 custom arbiter of up to 100 rules
                           elite-enterprise    3 custom arbiters of up to 500 rules
                           scale-enterprise    10 custom arbiters of up to 1,000 rules
                           custom              unlimited custom arbiters
  clear <email>          end the contract: the account's own plan applies again
  list  [--json]         list the accounts under a contract

  A contract stands over the plan chosen on the site (cancel a paid subscription in Stripe).
  They use the server's database: DATA_DIR (default ./data) or DATABASE_URL.
`;

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h') {
    process.stdout.write(HELP);
    return 0;
  }
  if (sub !== 'set' && sub !== 'clear' && sub !== 'list') {
    process.stderr.write(`bytebound contracts: ${sub ? `unknown subcommand '${sub}'` : 'which subcommand?'}\n\n${HELP}`);
    return 1;
  }
  const json = rest.includes('--json');
  const positional = rest.filter((a) => a !== '--json');
  const unknown = positional.find((a) => a.startsWith('--'));
  if (unknown) return usageError(sub, `unknown option '${unknown}'`);
  const expected = { set: 2, clear: 1, list: 0 }[sub];
  if (positional.length < expected) return usageError(sub, positional.length === 0 ? 'missing the email of the account' : `missing the tier (${TIERS.join(', ')})`);
  if (positional.length > expected) return usageError(sub, `unexpected argument '${positional[expected]}'`);
  const [email, tier] = positional;
  if (sub === 'set' && !(TIERS as readonly string[]).includes(tier!)) return usageError(sub, `unknown tier '${tier}': one of ${TIERS.join(', ')}`);

  // The server's modules load only now, so that --help and usage errors stay instant.
  const { listContracts, setContract } = await import('@bytebound/server/billing/contracts');
  const { CONTRACTS } = await import('@bytebound/server/billing/plans');
  try {
    return await withServerDatabase(async (db) => {
      if (sub === 'list') {
        const contracts = await listContracts(db);
        if (json) process.stdout.write(`${JSON.stringify(contracts, null, 2)}\n`);
        else if (contracts.length === 0) process.stdout.write('No account is under a contract.\n');
        else process.stdout.write(contracts.map((c) => `${c.email}  ${c.company}  ${c.name}`).join('\n') + '\n');
        return 0;
      }
      const contract = sub === 'set' ? CONTRACTS[tier as (typeof TIERS)[number]] : null;
      if (!(await setContract(db, email!, contract?.id ?? null))) {
        process.stderr.write(`bytebound contracts ${sub}: no account with the email ${email}\n`);
        return 1;
      }
      process.stdout.write(contract ? `${email} is now under the ${contract.displayName} contract.\n` : `${email} is under no contract: its own plan applies again.\n`);
      return 0;
    });
  } catch (error) {
    process.stderr.write(`bytebound contracts ${sub}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function usageError(sub: string, message: string): number {
  process.stderr.write(`bytebound contracts ${sub}: ${message}\n(bytebound contracts --help shows the options)\n`);
  return 1;
}
