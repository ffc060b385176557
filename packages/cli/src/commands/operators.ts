// `bytebound operators grant|revoke|list`: who may see the leads (GET /api/operator/leads). Works on
// the server's own database (DATA_DIR / DATABASE_URL, the server's configuration); the account must
// exist already (register it on the site first).
import { withServerDatabase } from '../server-database.ts';

export const summary = 'grant, revoke or list operator accounts (who sees the leads)';

const HELP = `Usage: bytebound operators <grant|revoke|list> [email] [--json]

  grant  <email>   make the account with this email an operator
  revoke <email>   make it an ordinary customer account again
  list   [--json]  list the operators

  They use the server's database: DATA_DIR (default ./data) or DATABASE_URL.
`;

export async function run(args: string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === '--help' || sub === '-h') {
    process.stdout.write(HELP);
    return 0;
  }
  if (sub !== 'grant' && sub !== 'revoke' && sub !== 'list') {
    process.stderr.write(`bytebound operators: ${sub ? `unknown subcommand '${sub}'` : 'which subcommand?'}\n\n${HELP}`);
    return 1;
  }
  const json = rest.includes('--json');
  const positional = rest.filter((a) => a !== '--json');
  const unknown = positional.find((a) => a.startsWith('--'));
  if (unknown) return usageError(sub, `unknown option '${unknown}'`);
  if (sub !== 'list' && positional.length !== 1) return usageError(sub, positional.length === 0 ? 'missing the email of the account' : `unexpected argument '${positional[1]}'`);
  if (sub === 'list' && positional.length > 0) return usageError(sub, `unexpected argument '${positional[0]}'`);

  // The server's modules load only now, so that --help and usage errors stay instant.
  const { CUSTOMER_ROLE, OPERATOR_ROLE, listOperators, setRole } = await import('@bytebound/server/operators/operator-roles');
  try {
    return await withServerDatabase(async (db) => {
      if (sub === 'list') {
        const operators = await listOperators(db);
        if (json) process.stdout.write(`${JSON.stringify(operators, null, 2)}\n`);
        else if (operators.length === 0) process.stdout.write('No operators.\n');
        else process.stdout.write(operators.map((o) => `${o.email}  ${o.name}  ${o.company}`).join('\n') + '\n');
        return 0;
      }
      const email = positional[0]!;
      const found = await setRole(db, email, sub === 'grant' ? OPERATOR_ROLE : CUSTOMER_ROLE);
      if (!found) {
        process.stderr.write(`bytebound operators ${sub}: no account with the email ${email}\n`);
        return 1;
      }
      process.stdout.write(sub === 'grant' ? `${email} is now an operator: it sees the leads at /operator/leads.\n` : `${email} is no longer an operator.\n`);
      return 0;
    });
  } catch (error) {
    process.stderr.write(`bytebound operators ${sub}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function usageError(sub: string, message: string): number {
  process.stderr.write(`bytebound operators ${sub}: ${message}\n(bytebound operators --help shows the options)\n`);
  return 1;
}
