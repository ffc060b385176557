// Command lines that prompt a language model: what they send to the model's provider. simonw's
// `llm` (its prompt, its input, `-a` attachments, `-f` fragments, `-s` system prompt; `llm embed`),
// `openai api ...` (its words and the files `-f` names), `sgpt`, `mods`, `aichat` (`-f` files),
// Gemini CLI's `gemini -p`, Claude Code's `claude -p`, `codex exec` and `ollama run`. A prompt's
// `@path` mentions (`claude -p "summarise @customers.csv"`) are files the program reads and sends.
// The provider follows the model named (`-m claude-...` to Anthropic, `-m ollama:...` to this
// machine), else the program's own default.
import path from 'node:path';
import { hostOf } from './destinations.ts';
import { type CommandSources, lastValue, valuesOf, wordsOf } from './option-words.ts';
import type { ServiceCall } from './service-clis.ts';

/** Each program's default provider, and its options that take the next word as a value. */
const MODEL_CLIS: Record<string, { host: string; values: ReadonlySet<string> }> = {
  llm: { host: 'api.openai.com', values: new Set(['-m', '--model', '-s', '--system', '-t', '--template', '-p', '--param', '-o', '--option', '-a', '--attachment', '--at', '--attachment-type', '-f', '--fragment', '--sf', '--system-fragment', '-c', '--continue', '--cid', '--conversation', '--key', '--schema', '--schema-multi', '-T', '--tool', '--functions', '-d', '--database', '-i', '--input', '--store', '--metadata', '--prefix', '--binary', '--sql', '--attach', '--batch-size']) },
  openai: { host: 'api.openai.com', values: new Set(['-b', '--api-base', '-k', '--api-key', '-o', '--organization', '-t', '--api-type', '--api-version', '--azure-endpoint', '--azure-ad-token', '-m', '--model', '-g', '--message', '-n', '-M', '--max-tokens', '--temperature', '-P', '--top_p', '--stop', '-f', '--file', '-p', '--purpose', '--prompt']) },
  sgpt: { host: 'api.openai.com', values: new Set(['--model', '--temperature', '--top-p', '--chat', '--repl', '--show-chat', '--role', '--create-role', '--show-role', '--functions']) },
  mods: { host: 'api.openai.com', values: new Set(['-m', '--model', '-a', '--api', '-x', '--http-proxy', '--format-as', '-R', '--role', '-t', '--title', '-c', '--continue', '-s', '--show', '-d', '--delete', '--max-tokens', '--temp', '--topp', '--topk', '--theme', '--word-wrap', '-P', '--prompt-args']) },
  aichat: { host: 'aichat:model', values: new Set(['-m', '--model', '--prompt', '-r', '--role', '-s', '--session', '-a', '--agent', '-R', '--rag', '--serve', '-f', '--file', '--save-session', '--log-level']) },
  gemini: { host: 'generativelanguage.googleapis.com', values: new Set(['-m', '--model', '-p', '--prompt', '-i', '--prompt-interactive', '--approval-mode', '--telemetry-target', '--telemetry-otlp-endpoint', '--allowed-mcp-server-names', '-e', '--extensions', '--include-directories', '--proxy', '-o', '--output-format']) },
  claude: { host: 'api.anthropic.com', values: new Set(['--model', '--fallback-model', '--output-format', '--input-format', '--allowedTools', '--allowed-tools', '--disallowedTools', '--disallowed-tools', '--mcp-config', '--append-system-prompt', '--system-prompt', '--permission-mode', '--permission-prompt-tool', '--add-dir', '--settings', '--session-id', '-r', '--resume', '--max-turns', '--agents', '--setting-sources']) },
  codex: { host: 'api.openai.com', values: new Set(['-m', '--model', '-c', '--config', '-p', '--profile', '-s', '--sandbox', '-a', '--ask-for-approval', '-C', '--cd', '-i', '--image', '--output-last-message', '--color']) },
  ollama: { host: 'localhost', values: new Set(['--format', '--keepalive', '--think']) },
};
/** Their commands that prompt no model: the user's own keys, settings, models and history. */
const OWN_COMMANDS: Record<string, ReadonlySet<string>> = {
  llm: new Set(['keys', 'models', 'logs', 'install', 'uninstall', 'plugins', 'templates', 'aliases', 'collections', 'embed-models', 'schemas', 'tools', 'fragments', 'openai', 'similar', 'chat']),
  claude: new Set(['mcp', 'config', 'update', 'doctor', 'install', 'migrate-installer', 'setup-token', 'plugin']),
  gemini: new Set(['mcp', 'extensions']),
};
/** The providers a model's name points to (`-m claude-sonnet-4`, `-m openai:gpt-4o`); a local model's runner is this machine. */
const MODEL_PROVIDERS: [RegExp, string][] = [
  [/^(?:openai[:/]|gpt|o\d|chatgpt|text-|davinci|4o)/i, 'api.openai.com'],
  [/^(?:anthropic[:/]|claude)/i, 'api.anthropic.com'],
  [/^(?:google|gemini|vertex)[:/-]?/i, 'generativelanguage.googleapis.com'],
  [/^(?:mistral|codestral|open-mistral)/i, 'api.mistral.ai'],
  [/^deepseek/i, 'api.deepseek.com'],
  [/^groq[:/]/i, 'api.groq.com'],
  [/^openrouter[:/]/i, 'openrouter.ai'],
  [/^(?:ollama|local|gpt4all|mlx|llamafile)[:/]/i, 'localhost'],
];
/** A file a prompt mentions for the program to read and send (`@customers.csv`, `@./exports/leads.json`). */
const MENTIONED_FILE = /(?:^|\s)@((?:\.{0,2}\/)?[\w.-]+(?:\/[\w.-]+)*)/g;
/** How many of the files a prompt mentions are read (each is a look at the disk). */
const MAX_MENTIONED_FILES = 64;

/** What `program args` sends to a model's provider; null for another program, and for a command that prompts none. */
export function modelPrompt(program: string, args: readonly string[], sources: CommandSources): ServiceCall | null {
  const name = path.basename(program);
  const cli = MODEL_CLIS[name];
  if (cli === undefined) return null;
  const words = wordsOf(args, cli.values);
  const [command = '', ...rest] = words.operands;
  if (OWN_COMMANDS[name]?.has(command)) return null;
  if (name === 'openai' && command !== 'api') return null;
  if (name === 'codex' && command !== 'exec' && command !== 'e') return null;
  if (name === 'ollama' && command !== 'run') return null;
  const model = lastValue(words, '-m', '--model') ?? (name === 'ollama' ? `ollama:${rest[0] ?? ''}` : undefined);
  const host = name === 'ollama' ? (hostOf(sources.env().OLLAMA_HOST ?? '') ?? 'localhost') : providerOf(model) ?? cli.host;
  const prompt = name === 'ollama' ? rest.slice(1) : name === 'llm' && command === 'prompt' ? rest : words.operands;
  const texts = [...prompt, ...valuesOf(words, '-p', '--prompt', '-s', '--system', '-g', '--message', '--append-system-prompt', '--system-prompt')];
  // The files it is given: llm's attachments and fragments, aichat's and openai's -f, and those a prompt mentions.
  const fileOptions = name === 'llm' ? ['-a', '--attachment', '-f', '--fragment', '--sf', '--system-fragment', '-i', '--input'] : name === 'aichat' || name === 'openai' ? ['-f', '--file'] : [];
  const mentioned = new Set<string>();
  for (const text of texts) {
    for (const m of text.matchAll(MENTIONED_FILE)) {
      if (mentioned.size === MAX_MENTIONED_FILES) break;
      mentioned.add(m[1]!);
    }
  }
  const files = [...valuesOf(words, ...fileOptions).filter((file) => file !== '-' && hostOf(file) === null), ...mentioned];
  return { host, sent: [texts.join('\n'), sources.input(), ...files.map((file) => sources.read(file))], summary: `${name} prompt to ${host}` };
}

/** The provider a model's name points to, or undefined when the name says none. */
function providerOf(model: string | undefined): string | undefined {
  return model === undefined ? undefined : MODEL_PROVIDERS.find(([pattern]) => pattern.test(model))?.[1];
}
