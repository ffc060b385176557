// Claude Code's command-hook protocol, answered per event. PreToolUse: allow is exit 0 with no
// output (so the user's own permission prompt still runs), block is exit 2 with the reason on
// stderr. UserPromptSubmit: exit 2 erases the prompt, used only for clear cases. SessionStart adds
// the active policy as context. PostToolUse records and warns. Anything else: exit 0.
import {
  DEFAULT_ATTRIBUTES,
  type CompleteRequest,
  type Decision,
  type Policy,
  type Target,
  type Timing,
} from '@bytebound/compiler/policy-model';
import { decide, failSecure } from '../decide.ts';
import { loadPolicy } from '../loaded-policy.ts';
import type { DecisionContext } from '../proof-bundle.ts';
import { type Classification, classifyToolCall, textOf } from './classify.ts';
import { MAX_HOOK_INPUT_BYTES, MAX_SCAN_CHARS, MODEL_PROVIDER_HOST } from './config.ts';
import { resolveDestination } from './destinations.ts';
import { describeFindings, detectData, targetsOf } from './detect.ts';
import type { OwnFiles } from './own-files.ts';

export type HookEvent = {
  session_id?: string;
  transcript_path?: string;
  cwd?: string;
  permission_mode?: string;
  hook_event_name?: string;
  tool_name?: string;
  tool_input?: unknown;
  tool_response?: unknown;
  prompt?: string;
  source?: string;
  [other: string]: unknown;
};

/**
 * The policy the hook enforces with the evaluator that decides it, or why none could be loaded
 * (fail secure where an event can block). A one-shot hook process decides once, so it uses the
 * reference evaluator; a long-running server passes the engine's loaded policy.
 */
export type ActivePolicy = { ok: true; policy: Policy; decide: (request: CompleteRequest) => Decision; name: string } | { ok: false; error: string; name: string };

/** An ActivePolicy deciding with the engine's fast evaluator (for processes that decide many times). */
export function engineActivePolicy(policy: Policy, name: string): ActivePolicy {
  const loaded = loadPolicy(policy);
  return { ok: true, policy, decide: (request) => decide(loaded, request), name };
}

/** One decision the hook made, to be signed and appended to the audit log. */
export type HookDecision = {
  decision: Decision;
  latency_us: number;
  /** What was decided, without any value: event, tool, summary, what was found, where it went. */
  context: DecisionContext;
};

export type HookOutcome = {
  exitCode: 0 | 2;
  stdout: string;
  stderr: string;
  decision: HookDecision | null;
  /** A line for the hook's plain log (events that decide nothing). */
  logLine: string | null;
};

const BLOCKING_EVENTS = new Set(['PreToolUse', 'UserPromptSubmit']);

function decideTimed(active: ActivePolicy, requests: CompleteRequest[]): { decision: Decision; latency_us: number } {
  const start = process.hrtime.bigint();
  if (!active.ok) return { decision: failSecure(`the policy ${active.name} did not load: ${active.error}`), latency_us: 0 };
  let first: Decision | null = null;
  for (const request of requests) {
    const d = active.decide(request);
    first ??= d;
    if (d.decision === 'DENY') {
      first = d;
      break;
    }
  }
  const latency_us = Number(process.hrtime.bigint() - start) / 1000;
  return { decision: first ?? failSecure('no request to decide'), latency_us };
}

/** The requests a classified tool call stands for: one per destination, or one local request. */
export function requestsFor(c: Classification, timing: Timing): CompleteRequest[] {
  const found = targetsOf(c.findings);
  if (c.transfers.length === 0) {
    // Local work: nothing leaves the machine, so no regulated target is in play.
    return [{ action: c.action, timing, targets: ['general'], attributes: { ...DEFAULT_ATTRIBUTES, destination: 'local' } }];
  }
  const targets: Target[] = found.length > 0 ? found : ['general'];
  return c.transfers.map((t) => ({
    action: c.action,
    timing,
    targets,
    attributes: { ...DEFAULT_ATTRIBUTES, destination: t.destination, legalBasis: t.legalBasis, safeguards: t.safeguards, encrypted: t.encrypted },
  }));
}

function destinationWords(c: Classification): string {
  return c.transfers
    .map((t) => `${t.host} (${t.destination}${t.recordedAs ? `, recorded basis ${t.legalBasis}` : ', no basis recorded in the policy'})`)
    .join(', ');
}

/** "GDPR Art. 6 — requirement not met: ..." from a DENY. Never contains a value that was found. */
function denialText(decision: Decision): string {
  const first = decision.reasons[0];
  if (decision.article === null) return `fail secure — ${first?.text ?? 'denied'}`;
  const text = first?.text ?? 'denied';
  // The reference evaluator's reasons already lead with their article.
  return text.startsWith(decision.article) ? text : `${decision.article} — ${text}`;
}

function policySummary(active: ActivePolicy): string {
  if (!active.ok) return `Bytebound: the policy ${active.name} did not load (${active.error}); tool calls and prompts are blocked until it is fixed.`;
  const regs = active.policy.regulations.map((r) => r.id.replace('PCI-DSS', 'PCI DSS')).join(', ');
  const listed = active.policy.destinations.map((d) => `${d.host} (${d.destination}, basis ${d.legalBasis})`).join('; ');
  return [
    `Bytebound is enforcing ${active.name}: ${regs} (${active.policy.enforcementLevel}).`,
    'Local work (reading, editing, running tests and builds) is not restricted.',
    'Tool calls that send personal data outside this machine without a recorded lawful basis, and special-category data or full card numbers in prompts or outbound calls, are blocked before they run; the reason names the article.',
    listed ? `Destinations with a recorded basis: ${listed}.` : 'No destination has a recorded basis.',
    'Never work around a block by encoding, splitting or re-sending the same data.',
  ].join(' ');
}

function parseEvent(raw: string): { event: HookEvent } | { error: string; name: string | null } {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    const named = /"hook_event_name"\s*:\s*"([A-Za-z]+)"/.exec(raw);
    return { error: 'the hook input is not JSON', name: named ? named[1]! : null };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { error: 'the hook input is not a JSON object', name: null };
  const event = value as HookEvent;
  if (typeof event.hook_event_name !== 'string') return { error: 'the hook input has no hook_event_name', name: null };
  return { event };
}

/**
 * The answer to one hook event (`raw` is its JSON, null when it was over MAX_HOOK_INPUT_BYTES). An
 * event that can block is blocked on any failure, an unexpected error included (fail secure).
 */
export function handleHookEvent(raw: string | null, active: ActivePolicy, own?: OwnFiles): HookOutcome {
  if (raw === null) return blocked('unknown', `the hook input is larger than ${MAX_HOOK_INPUT_BYTES / 1_048_576} MB`);
  try {
    return answer(raw, active, own);
  } catch (error) {
    const name = /"hook_event_name"\s*:\s*"([A-Za-z]+)"/.exec(raw)?.[1] ?? null;
    if (name !== null && !BLOCKING_EVENTS.has(name)) return { exitCode: 0, stdout: '', stderr: '', decision: null, logLine: `${name}: failed (${String(error)}); ignored` };
    return blocked(name ?? 'unknown', `the hook failed: ${error instanceof Error ? error.message : String(error)}`, false);
  }
}

/** A block decided without the policy (fail secure): exit 2, `stderr` for the agent, and a DENY with `reason` for the log. */
function refusal(stderr: string, reason: string, context: HookDecision['context']): HookOutcome {
  return { exitCode: 2, stdout: '', stderr, decision: { decision: failSecure(reason), latency_us: 0, context }, logLine: null };
}

/** A fail-secure block of an event, saying why: its input was malformed, or the hook failed. */
function blocked(event: string, why: string, malformed = true): HookOutcome {
  const context = { event, tool: null, summary: malformed ? 'malformed hook input' : 'hook failure', found: '', destinations: [], sessionId: null };
  return refusal(`Bytebound blocked this action (fail secure): ${why}.\n`, malformed ? `malformed request: ${why}` : why, context);
}

function answer(raw: string, active: ActivePolicy, own: OwnFiles | undefined): HookOutcome {
  const parsed = parseEvent(raw);
  if ('error' in parsed) {
    if (parsed.name !== null && !BLOCKING_EVENTS.has(parsed.name)) {
      return { exitCode: 0, stdout: '', stderr: '', decision: null, logLine: `${parsed.name}: ${parsed.error}; ignored` };
    }
    return blocked(parsed.name ?? 'unknown', parsed.error);
  }
  const event = parsed.event;
  const name = event.hook_event_name!;
  const sessionId = typeof event.session_id === 'string' ? event.session_id : null;
  const destinations = active.ok ? active.policy.destinations : [];
  const cwd = typeof event.cwd === 'string' ? event.cwd : process.cwd();

  if (name === 'PreToolUse' || name === 'PostToolUse') {
    const tool = typeof event.tool_name === 'string' && event.tool_name !== '' ? event.tool_name : null;
    const input = event.tool_input;
    const malformedInput = input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input));
    // A shell call is judged by its command: without one as a string, there is nothing to judge.
    const noCommand = tool === 'Bash' && typeof (input as { command?: unknown } | undefined)?.command !== 'string';
    if (tool === null || malformedInput || noCommand) {
      if (name === 'PostToolUse') return { exitCode: 0, stdout: '', stderr: '', decision: null, logLine: 'PostToolUse without tool_name or tool_input; ignored' };
      const context = { event: name, tool, summary: 'malformed hook input', found: '', destinations: [], sessionId };
      return noCommand
        ? refusal('Bytebound blocked this Bash call (fail secure): its tool_input has no command string.\n', 'malformed request: a Bash call needs its command as a string', context)
        : refusal(
            'Bytebound blocked this tool call (fail secure): the hook input has no tool_name or its tool_input is not an object.\n',
            'malformed request: PreToolUse needs tool_name and an object tool_input',
            context,
          );
    }
    const c = classifyToolCall(tool, event.tool_input ?? {}, { cwd, destinations, ...(own ? { own } : {}) });
    const unjudged = { event: name, tool, summary: c.summary, found: '', destinations: [], sessionId };
    if (name === 'PreToolUse' && c.touchesOwnFiles) {
      return refusal(
        `Bytebound blocked this ${tool} call: ${c.touchesOwnFiles}. The hook's key, audit log, installation and settings are kept from the agent; change them yourself if you mean to.\n`,
        `the tool call touches the hook's own files: ${c.touchesOwnFiles}`,
        unjudged,
      );
    }
    if (name === 'PreToolUse' && c.uninspected) {
      const why = c.uninspected.join('; ');
      // Smaller calls help only where what stopped the reading was a size or a count.
      const advice = c.smallerCallsHelp ? ' Split the work into smaller calls.' : '';
      return refusal(
        `Bytebound blocked this ${tool} call (fail secure): it could not be inspected whole (${why}).${advice}\n`,
        `the tool call could not be inspected whole: ${why}`,
        unjudged,
      );
    }
    const timing: Timing = name === 'PreToolUse' ? 'pre-action' : 'post-action';
    const { decision, latency_us } = decideTimed(active, requestsFor(c, timing));
    const context = { event: name, tool, summary: c.summary, found: describeFindings(c.findings), destinations: c.transfers.map((t) => `${t.host} (${t.destination})`), sessionId };
    if (name === 'PreToolUse') {
      if (decision.decision === 'ALLOW') return { exitCode: 0, stdout: '', stderr: '', decision: { decision, latency_us, context }, logLine: null };
      const found = c.findings.length > 0 ? ` Found: ${describeFindings(c.findings)}${c.foundIn ? ` (in ${c.foundIn.join(', ')})` : ''}.` : '';
      const where = c.transfers.length > 0 ? ` Destination: ${destinationWords(c)}.` : '';
      const stderr = `Bytebound blocked this ${tool} call (${c.summary}): ${denialText(decision)}.${found}${where}${c.findings.length > 0 ? ' Do not retry with the same data; remove or mask it, or record a lawful basis for this destination in the policy.' : ''}\n`;
      return { exitCode: 2, stdout: '', stderr, decision: { decision, latency_us, context }, logLine: null };
    }
    // PostToolUse: the tool already ran. Record, and warn when personal data came back.
    const returned = detectData(textOf(event.tool_response ?? ''));
    const classes = targetsOf(returned);
    if (classes.length === 0) return { exitCode: 0, stdout: '', stderr: '', decision: { decision, latency_us, context }, logLine: null };
    const articles = [classes.includes('personal') ? 'GDPR Art. 6 and 44' : '', classes.includes('sensitive') ? 'GDPR Art. 9' : '', classes.includes('financial') ? 'PCI DSS Req. 3' : '']
      .filter(Boolean)
      .join(', ');
    const stderr = `Bytebound: the ${tool} result contains ${describeFindings(returned)}. It is in your context now: do not send it outside this machine (no web requests, uploads, messages or remote tools carrying it) unless the destination has a recorded basis in the policy (${articles}).\n`;
    return { exitCode: 2, stdout: '', stderr, decision: { decision, latency_us, context: { ...context, found: describeFindings(returned) } }, logLine: null };
  }

  if (name === 'UserPromptSubmit') {
    if (typeof event.prompt !== 'string') {
      return refusal('Bytebound blocked this prompt (fail secure): the hook input has no prompt.\n', 'malformed request: UserPromptSubmit needs a prompt string', {
        event: name,
        tool: null,
        summary: 'malformed hook input',
        found: '',
        destinations: [],
        sessionId,
      });
    }
    if (event.prompt.length > MAX_SCAN_CHARS) {
      const limit = MAX_SCAN_CHARS.toLocaleString('en-US');
      return refusal(
        `Bytebound blocked this prompt (fail secure): it is longer than the ${limit} characters it can inspect. Send it in parts.\n`,
        `the prompt could not be inspected whole: it is longer than ${limit} characters`,
        { event: name, tool: null, summary: 'prompt to the model provider', found: '', destinations: [], sessionId },
      );
    }
    const findings = detectData(event.prompt);
    const classes = targetsOf(findings);
    // Only clear cases block a prompt: special-category data about a person, card numbers.
    const clear = classes.includes('sensitive') || classes.includes('financial');
    const provider = resolveDestination(MODEL_PROVIDER_HOST, destinations);
    const request: CompleteRequest = {
      action: 'share',
      timing: 'prompt-submit',
      targets: clear ? classes : ['general'],
      attributes: { ...DEFAULT_ATTRIBUTES, destination: provider.destination, legalBasis: provider.legalBasis, safeguards: provider.safeguards, encrypted: true },
    };
    const { decision, latency_us } = decideTimed(active, [request]);
    const context = { event: name, tool: null, summary: 'prompt to the model provider', found: describeFindings(findings), destinations: [`${provider.host} (${provider.destination})`], sessionId };
    if (decision.decision === 'ALLOW') return { exitCode: 0, stdout: '', stderr: '', decision: { decision, latency_us, context }, logLine: null };
    const found = findings.length > 0 ? ` Found: ${describeFindings(findings)}.` : '';
    const stderr = `Bytebound blocked this prompt before it reached the model provider: ${denialText(decision)}.${found} Remove or mask the data and send the prompt again.\n`;
    return { exitCode: 2, stdout: '', stderr, decision: { decision, latency_us, context }, logLine: null };
  }

  if (name === 'SessionStart') {
    const request: CompleteRequest = { action: 'process', timing: 'session-start', targets: ['general'], attributes: { ...DEFAULT_ATTRIBUTES, destination: 'local' } };
    const { decision, latency_us } = decideTimed(active, [request]);
    const stdout = `${JSON.stringify({ hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext: policySummary(active) } })}\n`;
    const context = { event: name, tool: null, summary: `session ${typeof event.source === 'string' ? event.source : 'start'}`, found: '', destinations: [], sessionId };
    return { exitCode: 0, stdout, stderr: '', decision: { decision, latency_us, context }, logLine: null };
  }

  // Stop, SubagentStop, Notification, PreCompact, SessionEnd, ...: exit 2 would change what the
  // agent does (Stop would keep it running), so these are only logged.
  return { exitCode: 0, stdout: '', stderr: '', decision: null, logLine: `${name}: no decision for this event` };
}
