// `bytebound <command>`: dispatches to one module per command, loaded only when used so that
// each command starts fast. Exit codes: 0 success or allow, 1 usage or input error, 2 block (and any
// failure of the hook: fail secure).

type Command = { run: (args: string[]) => Promise<number>; summary: string };

// Each command lives in ./commands/<name>.ts and exports run(args) and summary.
const commands: Record<string, string> = {
  compile: 'compile legal text to policy code',
  analyze: 'show the norms and the detected jurisdiction of a text',
  check: 'decide a request against a policy: exit 0 allow, 2 block',
  verify: 'verify a proof bundle, an inclusion proof or an exported audit log',
  hook: 'the Claude Code hook: decide before an AI agent acts',
  mcp: 'serve the compile, decide and verify tools over MCP (stdio)',
  keys: 'manage API keys and export the local signing keys',
  operators: 'grant, revoke or list operator accounts (who sees the leads)',
  contracts: 'set, clear or list the enterprise contract of an account',
};

export function usage(): string {
  const lines = Object.entries(commands).map(([name, summary]) => `  ${name.padEnd(9)} ${summary}`);
  return `Usage: bytebound <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun bytebound <command> --help (or bytebound help <command>) for a command's options; bytebound --version prints the version.\n`;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || (name === 'help' && args.length === 0)) {
    process.stdout.write(usage());
    return name ? 0 : 1;
  }
  if (name === '--version' || name === '-V') {
    const { version } = (await import('../package.json', { with: { type: 'json' } })).default;
    process.stdout.write(`bytebound ${version}\n`);
    return 0;
  }
  // `bytebound help <command>` is `bytebound <command> --help`.
  if (name === 'help') return main([args[0]!, '--help']);
  if (!Object.hasOwn(commands, name)) {
    process.stderr.write(`bytebound: unknown command '${name}'\n\n${usage()}`);
    return 1;
  }
  let command: Command;
  try {
    command = (await import(`./commands/${name}.ts`)) as Command;
  } catch {
    process.stderr.write(`bytebound: the '${name}' command is not available in this build\n`);
    return 1;
  }
  try {
    return await command.run(args);
  } catch (error) {
    // A failure no command foresaw: said in one line, never a stack trace; the hook blocks (exit 2), the others fail (exit 1).
    process.stderr.write(`bytebound ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return name === 'hook' ? 2 : 1;
  }
}
