// `bytebound contracts set|clear|list`: the enterprise tier of an account after a sales contract
// (DESIGN section 8: the pricing page's Enterprise, Premium, Elite and Scale Enterprise and Custom
// tiers). Works on the server's own database (DATA_DIR / DATABASE_URL, the server's
// configuration); the account must exist already (its owner registers on the site first).
import { type AccountCommand, onServerDatabase, printList, readCommandLine, usageError } from '../account-command.ts';

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

const COMMAND: AccountCommand<'set' | 'clear' | 'list'> = {
  name: 'contracts',
  help: HELP,
  subcommands: { set: ['email of the account', `tier (${TIERS.join(', ')})`], clear: ['email of the account'], list: [] },
};

export async function run(argv: string[]): Promise<number> {
  const call = readCommandLine(COMMAND, argv);
  if (typeof call === 'number') return call;
  const { sub, json } = call;
  const [email, tier] = call.args;
  if (sub === 'set' && !(TIERS as readonly string[]).includes(tier!)) return usageError(COMMAND, sub, `unknown tier '${tier}': one of ${TIERS.join(', ')}`);
  // The server's modules load only now, so that --help and usage errors stay instant.
  const { listContracts, setContract } = await import('@bytebound/server/billing/contracts');
  const { CONTRACTS } = await import('@bytebound/server/billing/plans');
  return onServerDatabase(COMMAND, sub, async (db) => {
    if (sub === 'list') {
      printList(await listContracts(db), json, (c) => `${c.email}  ${c.company}  ${c.name}`, 'No account is under a contract.\n');
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
}
