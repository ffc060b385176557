// What a hosting platform's command runs on the platform's machines: `heroku run cmd` on a one-off
// dyno, `fly ssh console -C cmd` and `fly machine exec ID cmd` on a Fly Machine. The command line
// and what comes in on the line's input go there (bash.ts reads the command line as well, for what
// it sends on from there); without a command, the input is a shell's script there.
import path from 'node:path';
import { lastValue, wordsOf } from './option-words.ts';

/** The platforms' machines, named as destinations: the line does not say which host. */
export const PLATFORM_MACHINES = { heroku: 'heroku:dyno', fly: 'fly:machine' } as const;

/** heroku run's options that take the next word as a value. */
const HEROKU_RUN_OPTIONS = new Set(['-a', '--app', '-r', '--remote', '-s', '--size', '-e', '--env', '--type']);
/** fly ssh console's and fly machine exec's options that take the next word as a value. */
const FLY_OPTIONS = new Set(['-a', '--app', '-r', '--region', '-u', '--user', '-A', '--address', '--machine', '--process-group', '-C', '--command', '-c', '--config', '-t', '--access-token', '--timeout']);

/** A command run on a platform's machine: the machine as a destination, and the command line run there ('' for a shell reading the input). */
export type PlatformRun = { host: string; line: string };

/** What `heroku run`, `fly ssh console` or `fly machine exec` runs, and where; null for any other command. */
export function platformRun(argv: readonly string[]): PlatformRun | null {
  const program = path.basename(argv[0] ?? '');
  if (program === 'heroku' && /^run(?::detached|:inside)?$/.test(argv[1] ?? '')) {
    // Heroku joins the words after its own options and runs them with bash on the dyno: `heroku run "curl ..."` is one command line.
    let k = 2;
    while (k < argv.length && argv[k]!.startsWith('-') && argv[k] !== '--') k += HEROKU_RUN_OPTIONS.has(argv[k]!) ? 2 : 1;
    return { host: PLATFORM_MACHINES.heroku, line: argv.slice(argv[k] === '--' ? k + 1 : k).join(' ') };
  }
  if (program !== 'fly' && program !== 'flyctl') return null;
  const words = wordsOf(argv.slice(1), FLY_OPTIONS);
  const [group, command, ...rest] = words.operands;
  if (group === 'ssh' && command === 'console') {
    return { host: PLATFORM_MACHINES.fly, line: lastValue(words, '-C', '--command') ?? '' };
  }
  // `fly machine exec [ID] "cmd"`: the last operand is the command line.
  if ((group === 'machine' || group === 'machines' || group === 'm') && command === 'exec' && rest.length > 0) return { host: PLATFORM_MACHINES.fly, line: rest[rest.length - 1]! };
  return null;
}
