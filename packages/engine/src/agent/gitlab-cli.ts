// What GitLab's CLI, `glab`, sends to its GitLab: an issue's or merge request's title and
// description and the notes added to them, a snippet's files, a release's notes and assets, a CI/CD
// variable's value, and `glab api`'s fields and body, as `gh` does to GitHub. Its host is the one
// `--repo`/`-R` names (`gitlab.acme.io/group/project`), else GITLAB_HOST (or GL_HOST) in the
// environment it runs with, else gitlab.com. Its reading commands (`glab issue list`, `glab mr
// view`, `glab variable get`) send nothing. classify.ts gives the readers of its input and files.
import { hostOf } from './destinations.ts';
import { type CommandSources, lastValue, wordsOf } from './option-words.ts';

/** What a glab command sends, where, and the call in words. */
export type GitLabSend = { sent: string[]; host: string; summary: string };

/** glab's options that take the next word as a value (its commands' that send, and the common ones). */
const VALUE_OPTIONS = new Set([
  '-R', '--repo', '-t', '--title', '-d', '--description', '-m', '--message', '-n', '--name', '-N', '--notes', '-F', '--notes-file', '-f', '--field',
  '--raw-field', '--input', '-H', '--header', '--hostname', '-X', '--method', '-v', '--value', '-s', '--scope', '-a', '--assignee', '-l', '--label',
  '--milestone', '-b', '--target-branch', '--source-branch', '-r', '--ref', '--filename', '-g', '--group', '--type', '--environment-scope',
  '--reviewer', '--linked-issues', '--due-date', '--weight', '--epic', '--tag-message', '--assets-links', '-p', '--page', '-P', '--per-page',
]);
/** Options whose value is text it sends (a title, a description, a note, release notes, a variable's value). */
const TEXT_OPTIONS = new Set(['-t', '--title', '-d', '--description', '-m', '--message', '-n', '--name', '-N', '--notes', '-v', '--value', '--tag-message']);
/** The commands that send what they are given, by glab's command group. */
const SENDING: Record<string, ReadonlySet<string>> = {
  issue: new Set(['create', 'new', 'note', 'comment', 'update']),
  mr: new Set(['create', 'new', 'note', 'comment', 'update']),
  snippet: new Set(['create', 'new']),
  release: new Set(['create', 'new', 'upload']),
  variable: new Set(['set', 'new', 'create', 'update']),
};

/** The options `glab api` and `gh api` give a request's fields, body and headers with: the same in both. */
export const API_FIELD_OPTIONS = new Set(['-f', '--raw-field', '-F', '--field', '--input', '-H', '--header']);

/**
 * What one of API_FIELD_OPTIONS sends with its value: `-f key=value` the value, `-F key=value` the
 * value or the file `@file` names (`@-` the input: `fileOrInput`), `--input` the file, a header itself.
 */
export function apiFieldSent(option: string, value: string, fileOrInput: (file: string) => string): string {
  if (option === '-f' || option === '--raw-field') return value.replace(/^[^=]*=/, '');
  if (option === '-F' || option === '--field') {
    const field = value.replace(/^[^=]*=/, '');
    return field.startsWith('@') ? fileOrInput(field.slice(1)) : field;
  }
  return option === '--input' ? fileOrInput(value) : value;
}

/** A host as given (`gitlab.acme.io`, or a URL). */
const hostNamed = (value: string) => hostOf(value) ?? value.toLowerCase();

/** The GitLab a command goes to: `--hostname`'s, `--repo`'s host where it names one (a first part with a dot, or a URL), else GITLAB_HOST or GL_HOST, else gitlab.com. */
function gitlabHost(hostname: string | undefined, repo: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  if (hostname) return hostNamed(hostname);
  const named = repo === undefined ? null : repo.includes('://') ? hostOf(repo) : /^([a-z0-9-]+(?:\.[a-z0-9-]+)+)\//i.exec(repo)?.[1]?.toLowerCase();
  const configured = env.GITLAB_HOST || env.GL_HOST;
  return named ?? (configured ? hostNamed(configured) : 'gitlab.com');
}

/**
 * What `glab` sends (its words after `glab`): `issue|mr create|note|update` their text options,
 * `snippet create` its files (or its input), `release create|upload` its notes (`-F` a file) and
 * asset files, `variable set KEY VALUE` its value (or its input), and `api` its `-f` and `-F` fields
 * (`-F key=@file` the file, `@-` its input), `--input`'s body and its headers. Null for any other command.
 */
export function glabSend(args: readonly string[], sources: CommandSources): GitLabSend | null {
  const words = wordsOf(args, VALUE_OPTIONS);
  const [group, command, ...rest] = words.operands;
  const host = gitlabHost(lastValue(words, '--hostname'), lastValue(words, '-R', '--repo'), sources.env());
  const fileOrInput = (file: string) => (file === '-' ? sources.input() : sources.read(file));
  if (group === 'api') {
    const sent = words.options.filter(([option]) => API_FIELD_OPTIONS.has(option)).map(([option, value]) => apiFieldSent(option, value, fileOrInput));
    return sent.length === 0 ? null : { sent, host, summary: `glab api to ${host}` };
  }
  if (group === undefined || command === undefined || !SENDING[group]?.has(command)) return null;
  const sent = words.options.filter(([option]) => TEXT_OPTIONS.has(option)).map(([, value]) => value);
  const notesFile = lastValue(words, '-F', '--notes-file');
  if (group === 'release' && notesFile !== undefined) sent.push(fileOrInput(notesFile));
  // `glab release create v1.0 dist/*.tgz`: the assets after the tag; `glab snippet create file...`, or its input.
  if (group === 'release') sent.push(...rest.slice(1).map(fileOrInput));
  if (group === 'snippet') sent.push(...(rest.length > 0 ? rest.map(fileOrInput) : [sources.input()]));
  // `glab variable set KEY VALUE`, or the value on its input.
  if (group === 'variable') sent.push(rest[1] ?? (lastValue(words, '-v', '--value') !== undefined ? '' : sources.input()));
  if ((group === 'issue' || group === 'mr') && (command === 'note' || command === 'comment') && lastValue(words, '-m', '--message') === undefined) sent.push(sources.input());
  return { sent, host, summary: `glab ${group} ${command} to ${host}` };
}
