// The recipes `make` runs, from its command line and the Makefile it reads: a target's recipes
// and its prerequisites', a recipe on the rule's line, the Makefile's simple variables. The hook
// reads such a run as the commands it holds (classify.ts finds and reads the Makefile).
import { optionAndValue } from './bash.ts';
import { MAX_SCAN_CHARS } from './config.ts';

/** make's options that take the next word as a value. */
const MAKE_VALUE_OPTIONS = new Set(['-C', '--directory', '-f', '--file', '--makefile', '-I', '--include-dir', '-j', '--jobs', '-l', '--load-average', '-o', '--old-file', '-W', '--what-if', '--assume-new']);
/** Targets whose prerequisites' recipes are followed, at most (a Makefile's graph can be large). */
const MAX_MAKE_TARGETS = 32;
/** The Makefiles make looks for without `-f`: it reads the first of these that is there. */
export const MAKEFILE_NAMES = ['GNUmakefile', 'makefile', 'Makefile'] as const;

/** A make run: where it runs (`-C`), the Makefile it was told to read (`-f`) or null, its goals, and the variables given on its command line. */
export type MakeCall = { folder: string; file: string | null; goals: string[]; variables: Map<string, string> };

/** The make run the words after `make` ask for. */
export function makeCall(args: readonly string[]): MakeCall {
  const call: MakeCall = { folder: '.', file: null, goals: [], variables: new Map() };
  for (let k = 0; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    if (option.startsWith('-')) {
      // `-Cdir`, `-fMakefile.ci`: a short option's value may be joined to it.
      const joined = /^-[Cf]./.test(option) ? option.slice(2) : undefined;
      const value = inline ?? joined ?? (MAKE_VALUE_OPTIONS.has(option) ? args[++k] : undefined);
      if (option.startsWith('-C') || option === '--directory') call.folder = value ?? call.folder;
      if (option.startsWith('-f') || option === '--file' || option === '--makefile') call.file = value ?? call.file;
    } else if (/^[A-Za-z_][\w.]*=/.test(option)) call.variables.set(option.slice(0, option.indexOf('=')), option.slice(option.indexOf('=') + 1));
    else call.goals.push(option);
  }
  return call;
}

/**
 * The recipes a make run runs for its goals (or the Makefile's first target), with the recipes of
 * their prerequisites first, as shell commands: the Makefile's simple variables (`HOST = ...`,
 * `$(HOST)`, `${HOST}`, and those given on the command line) expanded, `$$` as `$`, the `@` and
 * `-` prefixes dropped; and the goals that was. Null when none of them has a recipe. Pattern rules
 * and make's functions are not worked out: what they make is left as written.
 */
export function makeRecipes(makefile: string, call: MakeCall): { shell: string; goals: string[] } | null {
  const variables = new Map(call.variables);
  const rules = new Map<string, { prerequisites: string[]; recipe: string[] }>();
  let first: string | null = null;
  let current: { prerequisites: string[]; recipe: string[] }[] = [];
  for (const line of makefile.replace(/\\\n/g, ' ').split('\n')) {
    if (line.startsWith('\t')) {
      for (const rule of current) rule.recipe.push(line.slice(1).replace(/^[@+-]+/, ''));
      continue;
    }
    const assignment = /^(?:export\s+|override\s+)?([A-Za-z_][\w.]*)\s*(?::{1,3}|\?|\+)?=\s*(.*)$/.exec(line);
    if (assignment) {
      if (!variables.has(assignment[1]!)) variables.set(assignment[1]!, assignment[2]!.trim());
      current = [];
      continue;
    }
    // `target: prerequisites`, or `target: prerequisites ; recipe` on one line.
    const semicolon = line.indexOf(';');
    const rule = /^([^:#=\t][^:#=]*?)\s*::?\s*([^=]*)$/.exec(semicolon < 0 ? line : line.slice(0, semicolon));
    if (!rule) {
      if (line.trim() !== '' && !line.trimStart().startsWith('#')) current = [];
      continue;
    }
    current = rule[1]!.trim().split(/\s+/).map((target) => {
      const entry = rules.get(target) ?? { prerequisites: [], recipe: [] };
      entry.prerequisites.push(...rule[2]!.trim().split(/\s+/).filter(Boolean));
      if (semicolon >= 0) entry.recipe.push(line.slice(semicolon + 1).trim());
      rules.set(target, entry);
      if (first === null && !target.startsWith('.') && !target.includes('%')) first = target;
      return entry;
    });
  }
  const goals = call.goals.length > 0 ? call.goals : first === null ? [] : [first];
  const lines: string[] = [];
  const seen = new Set<string>();
  const visit = (target: string) => {
    if (seen.has(target) || seen.size >= MAX_MAKE_TARGETS) return;
    seen.add(target);
    const rule = rules.get(target);
    if (rule === undefined) return;
    for (const prerequisite of rule.prerequisites) visit(prerequisite);
    lines.push(...rule.recipe);
  };
  for (const goal of goals) visit(goal);
  if (lines.length === 0) return null;
  // Variables expanded a few times over, so that one made of others (`URL = https://$(HOST)/in`) is expanded too;
  // past MAX_SCAN_CHARS no more (the command is then too long to read whole, and says so).
  let shell = lines.join('\n');
  for (let round = 0; round < 4; round++) {
    let length = shell.length;
    shell = shell.replace(/\$(?:\(([A-Za-z_][\w.]*)\)|\{([A-Za-z_][\w.]*)\})/g, (whole, a?: string, b?: string) => {
      const value = variables.get((a ?? b)!);
      if (value === undefined || length + value.length > MAX_SCAN_CHARS) return whole;
      length += value.length - whole.length;
      return value;
    });
  }
  return { shell: shell.replace(/\$\$/g, '$'), goals };
}
