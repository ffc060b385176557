// `bytebound operators grant|revoke|list`: who may see the leads (GET /api/operator/leads). Works on
// the server's own database (DATA_DIR / DATABASE_URL, the server's configuration); the account must
// exist already (register it on the site first).
import { type AccountCommand, onServerDatabase, printList, readCommandLine } from '../account-command.ts';

export const summary = 'grant, revoke or list operator accounts (who sees the leads)';

const HELP = `Usage: bytebound operators <grant|revoke|list> [email] [--json]

  grant  <email>   make the account with this email an operator
  revoke <email>   make it an ordinary customer account again
  list   [--json]  list the operators

  They use the server's database: DATA_DIR (default ./data) or DATABASE_URL.
`;

const COMMAND: AccountCommand<'grant' | 'revoke' | 'list'> = {
  name: 'operators',
  help: HELP,
  subcommands: { grant: ['email of the account'], revoke: ['email of the account'], list: [] },
};

export async function run(argv: string[]): Promise<number> {
  const call = readCommandLine(COMMAND, argv);
  if (typeof call === 'number') return call;
  const { sub, json } = call;
  const [email] = call.args;
  // The server's modules load only now, so that --help and usage errors stay instant.
  const { CUSTOMER_ROLE, OPERATOR_ROLE, listOperators, setRole } = await import('@bytebound/server/operators/operator-roles');
  return onServerDatabase(COMMAND, sub, async (db) => {
    if (sub === 'list') {
      printList(await listOperators(db), json, (o) => `${o.email}  ${o.name}  ${o.company}`, 'No operators.\n');
      return 0;
    }
    if (!(await setRole(db, email!, sub === 'grant' ? OPERATOR_ROLE : CUSTOMER_ROLE))) {
      process.stderr.write(`bytebound operators ${sub}: no account with the email ${email}\n`);
      return 1;
    }
    process.stdout.write(sub === 'grant' ? `${email} is now an operator: it sees the leads at /operator/leads.\n` : `${email} is no longer an operator.\n`);
    return 0;
  });
}
