// What ansible's tasks send to the hosts they run on: an ad-hoc `ansible PATTERN -m copy -a
// "src=customers.csv dest=/tmp/"`, and `ansible-playbook site.yml`, whose plays' tasks (and their
// roles' and included task files') are read from the playbook's YAML. A module that copies a file
// of this machine (copy, template, synchronize, unarchive, script) sends that file; copy's
// `content`, lineinfile's `line` and blockinfile's `block` send their text; shell, command and raw
// send the command they run there. A play for `localhost` or with `connection: local`, a task
// delegated to localhost or a `local_action`, `-c local` and an inventory of localhost alone run
// on this machine: their copies stay here, and their commands (and scripts) are given back as
// shell lines run here, to be read as the line's own.
import path from 'node:path';
import { shellWord } from './bash.ts';
import { type Words, lastValue, valuesOf, wordsOf } from './option-words.ts';
import type { Reason } from './unread.ts';
import { MAX_YAML_DEPTH, type Yaml, readYaml } from './yaml-text.ts';

/** Modules that copy a file of this machine to the hosts, and where each looks for it under a role or playbook folder. */
const COPY_MODULES: Record<string, string> = { copy: 'files', template: 'templates', synchronize: 'files', unarchive: 'files', script: 'files' };
/** Modules that run their command on the hosts. */
const RUN_MODULES = new Set(['shell', 'command', 'raw']);
/** Modules that write the text they are given into a file there, and the argument that holds it. */
const TEXT_MODULES: Record<string, string> = { lineinfile: 'line', blockinfile: 'block' };
/** The collections the modules above come from (`ansible.builtin.copy`, `ansible.posix.synchronize`). */
const COLLECTIONS = /^ansible\.(?:builtin|posix|legacy)\./;

/** What the tasks send and the hosts they send it to: files of this machine (full paths) and text; and the shell lines they run on this machine. */
export type AnsibleSend = { hosts: string[]; files: string[]; texts: string[]; here: string[] };

/** The host a pattern names: a host name with a dot as it is (`db1.acme.io`), else `ansible:<pattern>` for its inventory's hosts; null for this machine. */
function patternHost(pattern: string): string | null {
  const p = pattern.trim().toLowerCase();
  if (p === 'localhost' || p === '127.0.0.1' || p === '::1') return null;
  return p.includes('.') && !p.includes('{') ? p : `ansible:${p || 'all'}`;
}

/** A module's arguments written inline (`src=customers.csv dest="/srv/in"`): each `key=value`, and the words that are none (a command's or a script's). */
function inlineArguments(text: string): { named: Record<string, string>; free: string } {
  const named: Record<string, string> = {};
  const free = text.replace(/(?:^|\s)([A-Za-z_]\w*)=(?:"([^"]*)"|'([^']*)'|(\S*))/g, (_whole, key: string, a?: string, b?: string, c?: string) => {
    named[key] = a ?? b ?? c ?? '';
    return ' ';
  });
  return { named, free: free.trim() };
}

/** A task's arguments to its module, inline or as a map of scalars (`cmd:`, `_raw_params`). */
function taskArguments(value: Yaml): { named: Record<string, string>; free: string } {
  if (typeof value === 'string') return inlineArguments(value);
  if (value === null || Array.isArray(value)) return { named: {}, free: '' };
  const named: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) if (typeof v === 'string') named[key] = v;
  else if (Array.isArray(v) && key === 'argv') named.cmd = v.filter((w) => typeof w === 'string').join(' ');
  return { named, free: named._raw_params ?? named.cmd ?? '' };
}

/** What one module with these arguments sends: the files it copies, by the name the task gives, and text; null for a module that sends nothing of this machine's. */
export function moduleSends(module: string, value: Yaml): { files: string[]; texts: string[] } | null {
  const name = module.replace(COLLECTIONS, '');
  const { named, free } = taskArguments(value);
  if (name in COPY_MODULES) {
    // synchronize's `mode: pull` and unarchive's `remote_src` (or a URL) take from the host or the web, not from here.
    if (name === 'synchronize' && named.mode === 'pull') return { files: [], texts: [] };
    if (name === 'unarchive' && (/^(?:yes|true)$/i.test(named.remote_src ?? '') || /^\w+:\/\//.test(named.src ?? ''))) return { files: [], texts: [] };
    const file = name === 'script' ? (named.cmd ?? free).split(/\s+/)[0] : named.src;
    return { files: file ? [file] : [], texts: [named.content ?? ''] };
  }
  if (RUN_MODULES.has(name)) return { files: [], texts: [typeof value === 'string' ? value : free || Object.values(named).join(' ')] };
  if (name in TEXT_MODULES) return { files: [], texts: [named[TEXT_MODULES[name]!] ?? ''] };
  return null;
}

/** The shell line a command module or a script runs on this machine (`chdir` first, where given); null for another module. `script` is where the script's file is found. */
function runHere(module: string, value: Yaml, script: (file: string) => string): string | null {
  const name = module.replace(COLLECTIONS, '');
  if (!RUN_MODULES.has(name) && name !== 'script') return null;
  const { named, free } = taskArguments(value);
  const line = name === 'script' ? ((named.cmd ?? free).split(/\s+/)[0] ?? '') : typeof value === 'string' ? value.replace(RUN_PARAMETERS, ' ').trim() : free;
  if (line === '') return null;
  const run = name === 'script' ? shellWord(script(line)) : line;
  return named.chdir ? `cd ${shellWord(named.chdir)} && ${run}` : run;
}

/** The parameters ansible takes out of a command module's free-form text (`chdir=/srv curl ...`); the rest is the command. */
const RUN_PARAMETERS = /(?:^|\s)(?:chdir|creates|removes|executable|stdin|stdin_add_newline|strip_empty_ends|warn|expand_argument_vars)=(?:"[^"]*"|'[^']*'|\S*)/g;

/** ansible's and ansible-playbook's options that take the next word as a value. */
const VALUE_OPTIONS = new Set(['-i', '--inventory', '-m', '--module-name', '-a', '--args', '-u', '--user', '--become-user', '-e', '--extra-vars', '-f', '--forks', '-l', '--limit', '-M', '--module-path', '-T', '--timeout', '-c', '--connection', '--private-key', '--key-file', '-t', '--tags', '--tree', '-P', '--poll', '-B', '--background', '--vault-password-file', '--vault-id', '--ssh-common-args', '--ssh-extra-args', '--scp-extra-args', '--sftp-extra-args', '--become-method', '--skip-tags', '--start-at-task']);

/** Whether the command line keeps every task here: `-c local`, or an inventory of this machine alone (`-i localhost,`). */
function runsHere(words: Words): boolean {
  const inventory = lastValue(words, '-i', '--inventory');
  return lastValue(words, '-c', '--connection') === 'local' || (inventory !== undefined && /^(?:localhost|127\.0\.0\.1),?$/.test(inventory));
}

/** Extra variables given on the line (`-e key=value`, JSON, `@vars.yml`): the tasks may send them. */
function extraVariables(words: Words, read: (file: string) => string): string[] {
  return valuesOf(words, '-e', '--extra-vars').map((v) => (v.startsWith('@') ? read(v.slice(1)) : v));
}

/**
 * An ad-hoc `ansible PATTERN -m MODULE -a ARGS`: what the module sends (`src=`, a script's own
 * file, `content=`, the command), to the hosts the pattern names; a module that sends nothing of
 * this machine's is given its arguments alone, and `sends` is false. On this machine, no host, and
 * the command it runs here (a script by its path from `cwd`).
 */
export function adHocSend(args: readonly string[], cwd: string): AnsibleSend & { module: string; sends: boolean } {
  const words = wordsOf(args, VALUE_OPTIONS);
  const host = patternHost(words.operands[0] ?? '');
  const module = lastValue(words, '-m', '--module-name') ?? 'command';
  const moduleArgs = valuesOf(words, '-a', '--args').join(' ');
  if (host === null || runsHere(words)) {
    const line = runHere(module, moduleArgs, (file) => path.resolve(cwd, file));
    return { module, hosts: [], files: [], texts: [], here: line === null ? [] : [line], sends: false };
  }
  const sends = moduleSends(module, moduleArgs);
  return { module, hosts: [host], files: sends?.files ?? [], texts: sends?.texts ?? [moduleArgs], here: [], sends: sends !== null };
}

/** The most files one `ansible-playbook` reads and includes it follows (each include, role or imported playbook once more), and how deep its includes go. */
const MAX_READS = 1024;
const MAX_INCLUDE_DEPTH = 8;
/** The most tasks one `ansible-playbook` walks, counting each time an include brings one back. */
const MAX_TASKS = 20_000;
/** A task's keys that hold more tasks. */
const NESTED_TASKS = ['block', 'rescue', 'always'];
/** A play's keys that hold its tasks. */
const PLAY_TASKS = ['pre_tasks', 'tasks', 'post_tasks', 'handlers'];
/** Options after which ansible-playbook only checks, lists or syntax-checks: it sends nothing. */
const DRY_FLAGS = ['-C', '--check', '--syntax-check', '--list-tasks', '--list-hosts', '--list-tags'];

const TOO_NESTED = `its playbook's YAML is nested more than ${MAX_YAML_DEPTH} levels deep`;
const TOO_DEEP = `its playbook includes files nested more than ${MAX_INCLUDE_DEPTH} deep`;
const TOO_MANY_TASKS = `its playbook runs more than ${MAX_TASKS} tasks`;

/** What a playbook's tasks send, and what was left unread: past a bound on count (`tooMuch`) or on depth. */
export type PlaybookSend = AnsibleSend & { unread: Reason[] };

/** A task's keys and values, with a `local_action`'s module (`local_action: shell cmd`, or a map with `module:`) as a key of its own. */
function localAction(task: { [key: string]: Yaml }): [string, Yaml][] {
  const action = task.local_action;
  if (action === undefined) return Object.entries(task);
  if (typeof action === 'string') {
    const [module = '', ...rest] = action.trim().split(/\s+/);
    return [[module, rest.join(' ')]];
  }
  const map = asMap(action);
  if (map === null || typeof map.module !== 'string') return [];
  const { module, ...value } = map;
  return [[module, value]];
}

/** A YAML map's value as a map, or null. */
const asMap = (value: Yaml | undefined): { [key: string]: Yaml } | null => (value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value) ? value : null);

/**
 * What `ansible-playbook [options] PLAYBOOK...` sends: each play's tasks (with its roles' tasks and
 * the task files and playbooks it includes), to the play's hosts, and the commands its plays and
 * tasks for this machine run here; null when it neither sends to another machine nor runs a command
 * here. `read` gives a file's text by full path ('' when there is none; a folder whole).
 */
export function playbookSend(args: readonly string[], cwd: string, read: (file: string) => string): PlaybookSend | null {
  const words = wordsOf(args, VALUE_OPTIONS);
  if (DRY_FLAGS.some((f) => words.flags.has(f))) return null;
  const allHere = runsHere(words);
  const send: PlaybookSend = { hosts: [], files: [], texts: [], here: [], unread: [] };
  const unread = (why: string, tooMuch: boolean) => {
    if (!send.unread.some((u) => u.why === why)) send.unread.push({ why, tooMuch });
  };
  let reads = MAX_READS;
  const spend = (): boolean => {
    if (reads-- > 0) return true;
    unread(`its playbook reads more than ${MAX_READS} files and includes`, true);
    return false;
  };
  const fileTexts = new Map<string, string>();
  const readOnce = (file: string): string => {
    if (!fileTexts.has(file)) fileTexts.set(file, spend() ? read(file) : '');
    return fileTexts.get(file)!;
  };
  const parsed = new Map<string, Yaml>();
  const readYamlFile = (file: string): Yaml => {
    if (!parsed.has(file)) parsed.set(file, readYaml(readOnce(file), () => unread(TOO_NESTED, false)));
    return parsed.get(file)!;
  };
  /** Of the places a file may be, the first that holds it; the first place when none does. */
  const found = (candidates: string[]) => candidates.find((c) => readOnce(c) !== '') ?? candidates[0]!;
  const deeper = (depth: number) => {
    if (depth < MAX_INCLUDE_DEPTH) return true;
    unread(TOO_DEEP, false);
    return false;
  };
  let tasksLeft = MAX_TASKS;
  /** Where each file a task names was found, by the places it was looked for. */
  const located = new Map<string, string>();
  const sentFiles = new Set<string>();

  /** Where a task list is: the folder of its playbook, of its role or playbook (`base`, where `files/` is looked for), and of its task file. */
  type At = { playbook: string; base: string; folder: string };
  /** The tasks of a list, run by a play on `hosts` (none: this machine). */
  const readTasks = (tasks: Yaml, at: At, hosts: readonly string[], depth: number): void => {
    if (!Array.isArray(tasks)) return;
    for (const item of tasks) {
      if (tasksLeft-- <= 0) {
        unread(TOO_MANY_TASKS, true);
        return;
      }
      const task = asMap(item);
      if (task === null) continue;
      for (const key of NESTED_TASKS) readTasks(task[key] ?? null, at, hosts, depth);
      const delegated = typeof task.delegate_to === 'string' && patternHost(task.delegate_to) === null;
      const here = hosts.length === 0 || delegated || 'local_action' in task;
      for (const [key, value] of localAction(task)) {
        const name = key.replace(COLLECTIONS, '');
        if (name === 'include_tasks' || name === 'import_tasks' || name === 'include') {
          const file = typeof value === 'string' ? value : asMap(value)?.file;
          if (typeof file !== 'string' || file === '' || !deeper(depth) || !spend()) continue;
          const full = found([path.resolve(at.folder, file), path.resolve(at.base, 'tasks', file), path.resolve(at.base, file)]);
          readTasks(readYamlFile(full), { ...at, folder: path.dirname(full) }, hosts, depth + 1);
        } else if (name === 'include_role' || name === 'import_role') {
          const role = asMap(value)?.name;
          if (typeof role === 'string' && deeper(depth) && spend()) readRole(role, at.playbook, hosts, depth + 1);
        } else {
          const under = COPY_MODULES[name] ?? 'files';
          const locate = (file: string) => {
            const key = `${under}\0${at.base}\0${at.folder}\0${file}`;
            if (!located.has(key)) located.set(key, path.isAbsolute(file) ? file : found([path.resolve(at.base, under, file), path.resolve(at.folder, under, file), path.resolve(at.base, file), path.resolve(at.folder, file)]));
            return located.get(key)!;
          };
          if (here) {
            const line = runHere(key, value, locate);
            if (line !== null && !send.here.includes(line)) send.here.push(line);
            continue;
          }
          const sends = moduleSends(key, value);
          if (sends === null) continue;
          for (const host of hosts) if (!send.hosts.includes(host)) send.hosts.push(host);
          for (const full of sends.files.map(locate)) {
            if (!sentFiles.has(full)) send.files.push(full);
            sentFiles.add(full);
          }
          send.texts.push(...sends.texts);
        }
      }
    }
  };
  /** A role's tasks and handlers, from `roles/<name>` beside the playbook (or the name as a path). */
  const readRole = (role: string, playbookFolder: string, hosts: readonly string[], depth: number): void => {
    const folder = path.dirname(path.dirname(found([path.resolve(playbookFolder, 'roles', role), path.resolve(playbookFolder, role)].map((f) => path.join(f, 'tasks', 'main.yml')))));
    for (const part of ['tasks', 'handlers']) {
      const file = found(['main.yml', 'main.yaml'].map((name) => path.join(folder, part, name)));
      readTasks(readYamlFile(file), { playbook: playbookFolder, base: folder, folder: path.dirname(file) }, hosts, depth);
    }
  };
  const readPlaybook = (file: string, depth: number): void => {
    const plays = readYamlFile(file);
    if (!Array.isArray(plays)) return;
    const folder = path.dirname(file);
    for (const item of plays) {
      const play = asMap(item);
      if (play === null) continue;
      const imported = play.import_playbook ?? play['ansible.builtin.import_playbook'];
      if (typeof imported === 'string' && deeper(depth) && spend()) readPlaybook(path.resolve(folder, imported), depth + 1);
      // `hosts: web:db`, `[web, db]`; an exclusion (`!staging`) or intersection (`&eu`) names no more hosts.
      const patterns = Array.isArray(play.hosts) ? play.hosts.filter((h) => typeof h === 'string') : typeof play.hosts === 'string' ? play.hosts.split(/[,:]/) : [];
      const hosts = allHere || play.connection === 'local' ? [] : patterns.filter((p) => !/^\s*[!&]/.test(p)).map(patternHost).filter((h) => h !== null);
      for (const host of hosts) played.add(host);
      for (const key of PLAY_TASKS) readTasks(play[key] ?? null, { playbook: folder, base: folder, folder }, hosts, depth);
      for (const role of Array.isArray(play.roles) ? play.roles : []) {
        const name = typeof role === 'string' ? role : (asMap(role)?.role ?? asMap(role)?.name);
        if (typeof name === 'string' && spend()) readRole(name, folder, hosts, depth + 1);
      }
    }
  };
  /** The hosts of every play read: where what was left unread would go. */
  const played = new Set<string>();
  for (const playbook of words.operands) readPlaybook(path.resolve(cwd, playbook), 0);
  if (send.hosts.length === 0 && send.unread.length > 0) send.hosts.push(...played);
  if (send.hosts.length === 0 && send.here.length === 0) return null;
  if (send.hosts.length > 0) send.texts.push(...extraVariables(words, (file) => read(path.resolve(cwd, file))));
  return send;
}
