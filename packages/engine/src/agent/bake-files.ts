// `docker buildx bake`: the images a bake file's targets build (docker-bake.hcl, docker-bake.json and
// their overrides), each from its context and Dockerfile with its tags, and whether the bake pushes
// them (`--push`, an output of type registry). classify.ts reads what each image holds as a build's.
import { optionAndValue } from './option-words.ts';

/** The files bake reads when `-f` names none, in its order (a compose file as bake input is compose-files.ts's road). */
export const BAKE_FILES = ['docker-bake.json', 'docker-bake.hcl', 'docker-bake.override.json', 'docker-bake.override.hcl'];

/** What `docker buildx bake` is asked for: its files (none: BAKE_FILES), the targets or groups it names (none: `default`), `--set` overrides and `--push`. */
export type BakeCall = { files: string[]; targets: string[]; sets: string[]; push: boolean; print: boolean };

/** One image a bake builds: its context folder and Dockerfile (from the bake file's folder), its tags and stage, and whether it is pushed. */
export type BakeTarget = { name: string; context: string; dockerfile: string; tags: string[]; target: string | null; push: boolean };

/** bake's options that take the next word as a value. */
const BAKE_VALUE_OPTIONS = new Set(['-f', '--file', '--set', '--builder', '--progress', '--metadata-file', '--provenance', '--sbom', '--allow', '--call', '--list']);

/** The bake `docker buildx bake ...` asks for, or null for any other command. */
export function bakeCall(args: readonly string[]): BakeCall | null {
  if (args[0] !== 'buildx' || args[1] !== 'bake') return null;
  const call: BakeCall = { files: [], targets: [], sets: [], push: false, print: false };
  for (let k = 2; k < args.length; k++) {
    const [option, inline] = optionAndValue(args[k]!);
    const value = () => inline ?? args[++k] ?? '';
    if (option === '-f' || option === '--file') call.files.push(value());
    else if (option === '--set') call.sets.push(value());
    else if (option === '--push') call.push = true;
    else if (option === '--print' || option === '--list' || option === '--check') call.print = true;
    else if (BAKE_VALUE_OPTIONS.has(option)) value();
    else if (!option.startsWith('-')) call.targets.push(option);
  }
  return call;
}

/** A bake file's blocks: targets' and groups' attributes, and variables' defaults. */
type Blocks = { target: Map<string, Attributes>; group: Map<string, Attributes>; variable: Map<string, Attributes> };
type Attributes = Map<string, string | string[]>;

/** How many targets a bake follows through groups and `inherits`: bounds the work on a pathological file. */
const MAX_TARGETS = 256;

/**
 * The targets a bake builds from its files' texts (HCL or JSON, later files over earlier ones):
 * those it names, or the `default` group's or target, groups opened into their targets, each with
 * what it `inherits`, `${VAR}` read from `env` or the variable's default, and `--set` over all.
 */
export function bakeTargets(texts: readonly string[], call: BakeCall, env: Readonly<Record<string, string | undefined>>): BakeTarget[] {
  const blocks: Blocks = { target: new Map(), group: new Map(), variable: new Map() };
  for (const text of texts) mergeBlocks(blocks, text.trimStart().startsWith('{') ? jsonBlocks(text) : hclBlocks(text));
  const variable = (name: string) => env[name] ?? stringOf(blocks.variable.get(name)?.get('default')) ?? '';
  const interpolate = (value: string) => value.replace(/\$\{\s{0,8}(\w{1,100})\s{0,8}\}/g, (_, name: string) => variable(name));
  const names: string[] = [];
  // Each group and target once: a group naming itself, or one named many times, is opened once.
  const opened = new Set<string>();
  const open = (name: string) => {
    if (opened.has(name) || opened.size >= MAX_TARGETS) return;
    opened.add(name);
    const group = blocks.group.get(name);
    if (group) for (const member of listOf(group.get('targets'))) open(member);
    else names.push(name);
  };
  for (const name of call.targets.length > 0 ? call.targets : ['default']) open(name);
  return names.map((name) => {
    const attributes = inherited(blocks.target, name);
    for (const set of call.sets) applySet(attributes, name, set);
    const get = (key: string) => interpolate(stringOf(attributes.get(key)) ?? '');
    const outputs = listOf(attributes.get('output')).map(interpolate);
    return {
      name,
      context: get('context') || '.',
      dockerfile: get('dockerfile') || 'Dockerfile',
      tags: listOf(attributes.get('tags')).map(interpolate).filter((tag) => tag !== ''),
      target: get('target') || null,
      push: call.push || outputs.some((output) => /\btype=registry\b|\bpush=true\b/.test(output)),
    };
  });
}

/** A target's attributes with those of the targets it inherits from under them (its own win), followed `MAX_TARGETS` deep at most. */
function inherited(targets: ReadonlyMap<string, Attributes>, name: string): Attributes {
  const merged: Attributes = new Map();
  const seen = new Set<string>();
  const visit = (at: string) => {
    const own = targets.get(at);
    if (!own || seen.has(at) || seen.size >= MAX_TARGETS) return;
    seen.add(at);
    for (const parent of listOf(own.get('inherits'))) visit(parent);
    for (const [key, value] of own) merged.set(key, value);
  };
  visit(name);
  return merged;
}

/** `--set target.key=value` (`*.output=type=registry`, `api.tags=ghcr.io/acme/api:2`) on the target it names. */
function applySet(attributes: Attributes, name: string, set: string): void {
  const eq = set.indexOf('=');
  const dot = set.indexOf('.');
  if (eq < 0 || dot < 0 || dot > eq) return;
  const pattern = set.slice(0, dot);
  if (pattern !== '*' && pattern !== name) return;
  const key = set.slice(dot + 1, eq);
  const value = set.slice(eq + 1);
  attributes.set(key, key === 'tags' || key === 'output' ? [value] : value);
}

const stringOf = (value: string | string[] | undefined): string | undefined => (typeof value === 'string' ? value : undefined);
const listOf = (value: string | string[] | undefined): string[] => (value === undefined ? [] : typeof value === 'string' ? [value] : value);

function mergeBlocks(into: Blocks, from: Blocks): void {
  for (const kind of ['target', 'group', 'variable'] as const) {
    for (const [name, attributes] of from[kind]) {
      const merged = into[kind].get(name) ?? new Map();
      for (const [key, value] of attributes) merged.set(key, value);
      into[kind].set(name, merged);
    }
  }
}

/** A docker-bake.json's blocks: `{"target": {"api": {...}}, "group": {...}, "variable": {...}}`; none if it is not JSON. */
function jsonBlocks(text: string): Blocks {
  const blocks: Blocks = { target: new Map(), group: new Map(), variable: new Map() };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return blocks;
  }
  if (!isObject(json)) return blocks;
  for (const kind of ['target', 'group', 'variable'] as const) {
    const entries = json[kind];
    if (!isObject(entries)) continue;
    for (const [name, body] of Object.entries(entries)) {
      if (!isObject(body)) continue;
      const attributes: Attributes = new Map();
      for (const [key, value] of Object.entries(body)) {
        if (typeof value === 'string') attributes.set(key, value);
        else if (Array.isArray(value) && value.every((v) => typeof v === 'string')) attributes.set(key, value);
      }
      blocks[kind].set(name, attributes);
    }
  }
  return blocks;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

type Token = { kind: 'word' | 'string' | 'punct'; text: string };

/** An HCL file's tokens: words, strings (their text, escapes read), and the punctuation `{ } [ ] ( ) = , :`; comments and the rest skipped. One pass. */
function hclTokens(text: string): Token[] {
  const tokens: Token[] = [];
  let k = 0;
  while (k < text.length) {
    const c = text[k]!;
    if (c === '#' || (c === '/' && text[k + 1] === '/')) {
      const end = text.indexOf('\n', k);
      k = end < 0 ? text.length : end + 1;
    } else if (c === '/' && text[k + 1] === '*') {
      const end = text.indexOf('*/', k + 2);
      k = end < 0 ? text.length : end + 2;
    } else if (c === '"') {
      let value = '';
      k++;
      while (k < text.length && text[k] !== '"' && text[k] !== '\n') {
        if (text[k] === '\\' && k + 1 < text.length) k++;
        value += text[k];
        k++;
      }
      k++;
      tokens.push({ kind: 'string', text: value });
    } else if ('{}[]()=,:'.includes(c)) {
      tokens.push({ kind: 'punct', text: c });
      k++;
    } else if (/[\w.-]/.test(c)) {
      const start = k;
      while (k < text.length && /[\w.-]/.test(text[k]!)) k++;
      tokens.push({ kind: 'word', text: text.slice(start, k) });
    } else k++;
  }
  return tokens;
}

/**
 * A docker-bake.hcl's blocks: `target "api" { context = "." tags = ["..."] }`, `group "default" {
 * targets = [...] }`, `variable "TAG" { default = "1.0" }`. An attribute whose value is a string or
 * a list of strings is kept; one of any other value (a map, a function call) is passed over.
 */
function hclBlocks(text: string): Blocks {
  const blocks: Blocks = { target: new Map(), group: new Map(), variable: new Map() };
  const tokens = hclTokens(text);
  let k = 0;
  /** Passes over one value from tokens[k]: a bracketed or braced run, a call with its arguments, or one token. */
  const skipValue = () => {
    let depth = 0;
    while (k < tokens.length) {
      const t = tokens[k++]!;
      if (t.kind === 'punct' && '{[('.includes(t.text)) depth++;
      else if (t.kind === 'punct' && '}])'.includes(t.text)) depth--;
      // A call's name: its arguments follow.
      if (depth <= 0 && !(t.kind === 'word' && tokens[k]?.text === '(')) return;
    }
  };
  /** A value at tokens[k]: a string, or a list of the strings in it (its other items, such as a conditional, passed over); undefined (passed over) for any other. */
  const value = (): string | string[] | undefined => {
    const t = tokens[k];
    if (t?.kind === 'string' && tokens[k + 1]?.text !== '(') {
      k++;
      return t.text;
    }
    if (t?.text !== '[') {
      skipValue();
      return undefined;
    }
    const items: string[] = [];
    k++;
    while (k < tokens.length && tokens[k]!.text !== ']') {
      const item = tokens[k]!;
      if (item.kind === 'string' && tokens[k + 1]?.text !== '(') {
        items.push(item.text);
        k++;
      } else if (item.kind === 'punct' && '{[('.includes(item.text)) skipValue();
      else k++;
    }
    k++;
    return items;
  };
  while (k < tokens.length) {
    const t = tokens[k]!;
    const kind = t.text;
    const label = tokens[k + 1];
    if (t.kind === 'word' && (kind === 'target' || kind === 'group' || kind === 'variable') && label?.kind === 'string' && tokens[k + 2]?.text === '{') {
      k += 3;
      const attributes: Attributes = new Map();
      while (k < tokens.length && tokens[k]!.text !== '}') {
        const key = tokens[k]!;
        if (key.kind === 'word' && tokens[k + 1]?.text === '=') {
          k += 2;
          const v = value();
          if (v !== undefined) attributes.set(key.text, v);
        } else if (key.text === '{') skipValue();
        else k++;
      }
      k++;
      blocks[kind].set(label.text, attributes);
    } else if (t.text === '{') skipValue();
    else k++;
  }
  return blocks;
}
