// `bytebound <command>`: dispatches to one module per command, loaded only when used so that
// each command starts fast. Exit codes: 0 success or allow, 1 usage or input error, 2 block.

type Command = { run: (args: string[]) => Promise<number>; summary: string };

const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  compile: { summary: 'compile legal text to policy code', load: () => import('./commands/compile.ts') },
  analyze: { summary: 'show the norms and the detected jurisdiction of a text', load: () => import('./commands/analyze.ts') },
  check: { summary: 'decide a request against a policy: exit 0 allow, 2 block', load: () => import('./commands/check.ts') },
  verify: { summary: 'verify a proof bundle, an inclusion proof or an exported audit log', load: () => import('./commands/verify.ts') },
  hook: { summary: 'the Claude Code hook: decide before an AI agent acts', load: () => import('./commands/hook.ts') },
  mcp: { summary: 'serve the compile, decide and verify tools over MCP (stdio)', load: () => import('./commands/mcp.ts') },
  keys: { summary: 'manage API keys and export the local signing keys', load: () => import('./commands/keys.ts') },
};

export function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(9)} ${c.summary}`);
  return `Usage: bytebound <command> [options]\n\nCommands:\n${lines.join('\n')}\n\nRun bytebound <command> --help for a command's options.\n`;
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h') {
    process.stdout.write(usage());
    return name ? 0 : 1;
  }
  const entry = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!entry) {
    process.stderr.write(`bytebound: unknown command '${name}'\n\n${usage()}`);
    return 1;
  }
  let command: Command;
  try {
    command = await entry.load();
  } catch {
    process.stderr.write(`bytebound: the '${name}' command is not available in this build\n`);
    return 1;
  }
  return command.run(args);
}
