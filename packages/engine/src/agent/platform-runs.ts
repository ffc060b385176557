// What a platform's command runs on the platform's machines: `heroku run cmd` on a one-off dyno,
// `fly ssh console -C cmd` and `fly machine exec ID cmd` on a Fly Machine, `kubectl exec POD -- cmd`
// in a cluster's pod, `gcloud compute ssh VM --command cmd` on a Compute Engine VM. The command and
// what comes in on the line's input go there (bash.ts reads the command as well, for what it sends
// on from there); without a command, the input is a shell's script there.
import path from 'node:path';
import { lastValue, wordsOf } from './option-words.ts';

/** The platforms' machines, named as destinations: the line does not say which host. */
export const PLATFORM_MACHINES = { heroku: 'heroku:dyno', fly: 'fly:machine', kubernetes: 'kubernetes:pod' } as const;

/** heroku run's options that take the next word as a value. */
const HEROKU_RUN_OPTIONS = new Set(['-a', '--app', '-r', '--remote', '-s', '--size', '-e', '--env', '--type']);
/** fly ssh console's and fly machine exec's options that take the next word as a value. */
const FLY_OPTIONS = new Set(['-a', '--app', '-r', '--region', '-u', '--user', '-A', '--address', '--machine', '--process-group', '-C', '--command', '-c', '--config', '-t', '--access-token', '--timeout']);

/** kubectl exec's (oc's) options that take the next word as a value. */
const KUBECTL_EXEC_OPTIONS = new Set(['-c', '--container', '-n', '--namespace', '--context', '--kubeconfig', '--cluster', '--user', '-f', '--filename', '--pod-running-timeout', '-s', '--server', '--token', '--as', '--as-group']);
/** gcloud compute ssh's options that take the next word as a value. */
const GCLOUD_SSH_OPTIONS = new Set(['--command', '--zone', '--project', '--ssh-key-file', '--ssh-flag', '--container', '--account', '--configuration', '--verbosity', '--impersonate-service-account', '--billing-project', '--strict-host-key-checking', '--ssh-key-expire-after', '--ssh-key-expiration']);

/**
 * A command run on a platform's machine: the machine as a destination, and the command line run
 * there ('' for a shell reading the input), or the words of a command run there without a shell.
 */
export type PlatformRun = { host: string; line: string } | { host: string; argv: string[] };

/** What `heroku run`, `fly ssh console`, `fly machine exec`, `kubectl exec` or `gcloud compute ssh` runs, and where; null for any other command. */
export function platformRun(argv: readonly string[]): PlatformRun | null {
  const program = path.basename(argv[0] ?? '');
  if ((program === 'kubectl' || program === 'oc') && argv.includes('exec')) return podExec(argv);
  if (program === 'gcloud' && argv[1] === 'compute' && argv[2] === 'ssh') {
    const words = wordsOf(argv.slice(3), GCLOUD_SSH_OPTIONS);
    const instance = words.operands[0];
    if (instance === undefined) return null;
    const host = `gce:${instance.slice(instance.indexOf('@') + 1)}`;
    // `gcloud compute ssh vm -- cmd`: the words after `--` are ssh's, a remote command among them.
    return { host, line: lastValue(words, '--command') ?? words.operands.slice(1).join(' ') };
  }
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

/** `kubectl exec [options] POD -- cmd...` (oc's too): the words after `--`, run in the pod without a shell. */
function podExec(argv: readonly string[]): PlatformRun | null {
  const at = argv.indexOf('exec');
  // kubectl's own options before `exec` (`kubectl -n prod exec ...`) take values too.
  const before = wordsOf(argv.slice(1, at), KUBECTL_EXEC_OPTIONS);
  if (before.operands.length > 0) return null;
  const dashes = argv.indexOf('--', at);
  // Without `--` (kubectl's older form), the words after the pod's name.
  return { host: PLATFORM_MACHINES.kubernetes, argv: dashes >= 0 ? argv.slice(dashes + 1) : wordsOf(argv.slice(at + 1), KUBECTL_EXEC_OPTIONS).operands.slice(1) };
}

/** The command a platform run gives, as words: a command line's are sent as they are written. */
export const platformCommand = (run: PlatformRun): string => ('line' in run ? run.line : run.argv.join(' '));
