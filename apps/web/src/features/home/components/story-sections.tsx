// The homepage's explanatory sections: what Bytebound does, the problem, the advantage, the six
// industries, investors, timeline, pipeline, why we build it, the codebase, the hook and the
// enterprise demo. Every figure is measured (docs/claims-register.md says where) or an aim.
import { Link } from 'react-router';
import { ENTERPRISE_DEMO_MINUTES, SALES_EMAIL } from '../../../config/constants.ts';
import { paths } from '../../../config/paths.ts';
import { openReceptionist } from '../../../lib/receptionist-events.ts';
import { FeatureList } from './feature-list.tsx';
import { HomeSection } from './home-section.tsx';

const card = 'rounded-xl border border-ink-700 bg-ink-900 p-6';
const link = 'text-brand-300 underline underline-offset-2 hover:text-brand-200';

export function ValueProposition() {
  const items = [
    ['Compile the law', 'Paste an article of GDPR, CCPA, HIPAA, PCI DSS, the EU AI Act or SOX. The compiler reads its duties, rights, permissions and prohibitions and emits policy in seven formats: Rego, Cedar, Rust, JavaScript, SQL, WebAssembly and the native bytebound format.'],
    ['Decide before the action', 'Every agent action is one of 168 patterns (7 actions × 6 timings × 4 targets). The engine answers allow (exit 0) or block (exit 2) with the article that decided, and denies whatever it cannot decide.'],
    ['Prove every decision', 'Each decision the server makes is signed (Ed25519, DSSE) and appended to a Merkle-tree audit log. bytebound verify checks a bundle or the whole log offline, with the public keys alone.'],
  ];
  return (
    <HomeSection id="value-proposition" eyebrow="What Bytebound does" title="Legal text in, enforceable policy out" lead="A compliance enforcement layer that sits between your AI agents and what they do.">
      <div className="grid gap-6 md:grid-cols-3">
        {items.map(([title, text]) => (
          <div key={title} className={card}>
            <h3 className="text-lg font-semibold text-white">{title}</h3>
            <p className="mt-2 text-slate-300">{text}</p>
          </div>
        ))}
      </div>
      <FeatureList />
    </HomeSection>
  );
}

export function Market() {
  return (
    <HomeSection id="market" eyebrow="The challenge" title="Agents act faster than anyone can review them" lead="An AI agent with shell, browser and API access can copy a customer table to a third-party host in one tool call. Written policies and after-the-fact audits do not stop that call.">
      <div className="grid gap-6 md:grid-cols-2">
        <div className={card}>
          <h3 className="text-lg font-semibold text-white">What teams have today</h3>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-300">
            <li>Policies written for people, in prose, interpreted case by case.</li>
            <li>Reviews after the fact: the data has already left.</li>
            <li>Hand-written rules that drift from the article they claim to implement.</li>
          </ul>
        </div>
        <div className={card}>
          <h3 className="text-lg font-semibold text-white">What an enforcement layer needs</h3>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-300">
            <li>A verdict before the action runs, fast enough to sit in every tool call.</li>
            <li>The article behind every verdict, so a reviewer can check it.</li>
            <li>Evidence that holds up: signed decisions in a log nobody can quietly rewrite.</li>
          </ul>
        </div>
      </div>
    </HomeSection>
  );
}

export function Advantage() {
  const items = [
    ['One model, seven formats', 'Every format is generated from the same policy and checked by its own toolchain in our tests: OPA for Rego, the Cedar library, rustc, SQLite and PostgreSQL, wabt and Node. For the same request they all give the engine\u2019s answer.'],
    ['Measured speed', 'In-process, the engine decided about 14 million requests a second on one core in our benchmark, thousands of times faster than Cedar and OPA on the same policy (bench/engine.ts). Compiling the GDPR template takes 8 to 33 ms depending on the format (bench/compile.ts).'],
    ['Fail secure', 'A malformed request, an unknown action, a policy that does not load, an exception or a timeout: the answer is block, with a reason that says why.'],
    ['Runs where your data is', 'The compiler and engine are open source (Apache-2.0) and run in-process, in the CLI, in the browser or on your own servers, with no network access needed.'],
  ];
  return (
    <HomeSection id="advantage" eyebrow="Our advantage" title="A compiler, not a checklist">
      <div className="grid gap-6 md:grid-cols-2">
        {items.map(([title, text]) => (
          <div key={title} className={card}>
            <h3 className="text-lg font-semibold text-white">{title}</h3>
            <p className="mt-2 text-slate-300">{text}</p>
          </div>
        ))}
      </div>
    </HomeSection>
  );
}

export function IndustrySolutions() {
  const industries = [
    ['Financial services', 'Keep card numbers out of prompts and logs: PCI DSS baselines forbid storing sensitive authentication data and allow a PAN only encrypted or masked.'],
    ['Healthcare and life sciences', 'Uses and disclosures of protected health information need a permitted purpose or an authorization under the HIPAA baseline.'],
    ['Retail and e-commerce', 'Honour CCPA opt-outs of sale and sharing in every agent that touches customer records.'],
    ['Technology and SaaS', 'Put a pre-tool hook in front of coding agents so that personal data never leaves for an unknown host.'],
    ['Marketing and adtech', 'Consent and lawful basis (GDPR Art. 6 and 7) checked before an agent enriches, profiles or exports a contact.'],
    ['HR and recruitment', 'Special categories of data (GDPR Art. 9) about candidates and staff are blocked unless an Art. 9(2) condition holds.'],
  ];
  return (
    <HomeSection id="industry-solutions" eyebrow="Industry solutions" title="Six industries, one enforcement layer">
      <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {industries.map(([title, text]) => (
          <div key={title} className={card}>
            <h3 className="text-lg font-semibold text-white">{title}</h3>
            <p className="mt-2 text-slate-300">{text}</p>
          </div>
        ))}
      </div>
    </HomeSection>
  );
}

export function Investors() {
  return (
    <HomeSection
      id="investors"
      eyebrow="Investors"
      title="An early company, building in the open"
      lead="Bytebound has no outside investors to announce. We would rather show you the product than a logo wall: the compiler, the engine and their benchmarks are in the repository, and every figure on this page says where it comes from."
    >
      <div id="investor-section" className={card}>
        <p className="text-slate-300">
          If you invest in compliance infrastructure for AI, we would like to talk. Write to{' '}
          <a href={`mailto:${SALES_EMAIL}`} className={link}>
            {SALES_EMAIL}
          </a>{' '}
          or <Link to={paths.booking} className={link}>book a {ENTERPRISE_DEMO_MINUTES}-minute call</Link>.
        </p>
      </div>
    </HomeSection>
  );
}

export function Timeline() {
  const steps = [
    ['Built', 'The compiler: six stages, seven formats, each checked by its real toolchain.'],
    ['Built', 'The engine: per-opcode decision tables, signed proof bundles and a Merkle-tree audit log.'],
    ['Built', 'bytebound hook for Claude Code, the decision API, accounts and this site.'],
    ['Next', 'Launch focus on GDPR with design partners in a one-month free enterprise pilot.'],
    ['Aim', 'CCPA/CPRA, HIPAA and PCI DSS to the same depth as GDPR; SOC 2 for the hosted service.'],
  ];
  return (
    <HomeSection id="timeline-section" eyebrow="Timeline" title="Where we are">
      <ol className="relative space-y-6 border-l border-ink-700 pl-6">
        {steps.map(([status, text], i) => (
          <li key={i}>
            <p className="text-sm font-semibold text-brand-300">{status}</p>
            <p className="text-slate-200">{text}</p>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}

export const PIPELINE_STAGES: ReadonlyArray<[string, string]> = [
  ['validating', 'Input checks: length, modal words, structure, detected jurisdiction.'],
  ['parsing', 'Segments the text into articles, paragraphs and sentences and resolves references.'],
  ['analyzing', 'Extracts norms (obligation, prohibition, permission, right) and detects the regulation.'],
  ['generating', 'Turns norms into rules over the 168 opcodes and emits the chosen format.'],
  ['optimizing', 'Merges rules, drops dead ones and orders them for early exit.'],
  ['finalizing', 'Hashes the output and records the metadata. Same input, byte-identical output.'],
];

export function Pipeline() {
  return (
    <HomeSection id="pipeline" eyebrow="Compile pipeline" title="Six real stages, each one timed" lead="The demo compiler shows each stage with the duration the server measured, not a progress bar on a timer.">
      <ol className="grid gap-4 md:grid-cols-3 lg:grid-cols-6">
        {PIPELINE_STAGES.map(([stage, text], i) => (
          <li key={stage} className={card}>
            <p className="font-mono text-sm text-brand-300">
              {i + 1}. {stage}
            </p>
            <p className="mt-2 text-sm text-slate-300">{text}</p>
          </li>
        ))}
      </ol>
    </HomeSection>
  );
}

export function Founder() {
  return (
    <HomeSection
      id="founder"
      eyebrow="Why we build it"
      title="Law should be enforceable where agents act"
      lead="We started Bytebound because the rules that matter most for AI, data protection and security, were written for people and checked after the fact. An agent needs an answer in the moment, with the article behind it."
    >
      <div className={card}>
        <p className="text-slate-300">
          We keep the claims on this site honest: a figure is either measured by the project, with the command that reproduces it, or worded as an aim.
          Read how the product works in the <Link to={paths.docs} className={link}>documentation</Link>.
        </p>
      </div>
    </HomeSection>
  );
}

export function CodebaseAnatomy() {
  const parts = [
    ['packages/compiler', 'Legal text → norms → policy → seven formats. Pure TypeScript, no I/O; runs in Node and in the browser.'],
    ['packages/engine', 'Loads a policy, decides in microseconds, signs proof bundles, keeps the audit log, the agent hook and MCP tools.'],
    ['packages/cli', 'bytebound compile, analyze, check, verify, hook, mcp and keys: a thin shell over the compiler and engine.'],
    ['apps/server', 'Fastify API, WebSocket stream, accounts, booking and the receptionist, on SQLite or PostgreSQL.'],
    ['apps/web', 'This site: React, prerendered to static HTML and hydrated.'],
    ['e2e and bench', 'Browser tests against the real server, and benchmarks that print medians and ratios against named peers.'],
  ];
  return (
    <HomeSection id="codebase-anatomy" eyebrow="Codebase anatomy" title="One repository, data flowing one way" lead="web → server → engine → compiler. The compiler knows nothing of the others, so the same code decides in the CLI, the server and your browser.">
      <dl className="grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {parts.map(([name, text]) => (
          <div key={name} className={card}>
            <dt className="font-mono text-brand-300">{name}</dt>
            <dd className="mt-2 text-sm text-slate-300">{text}</dd>
          </div>
        ))}
      </dl>
    </HomeSection>
  );
}

export const HOOK_SETTINGS = `{
  "hooks": {
    "PreToolUse": [
      {
        "matcher": "*",
        "hooks": [{ "type": "command", "command": "/path/to/bytebound/packages/cli/dist/bytebound-hook-guard.sh" }]
      }
    ]
  }
}`;

export function PretoolHook() {
  return (
    <HomeSection
      id="pretool-hook"
      eyebrow="Pre-tool hook"
      title="Stop the tool call, not the incident report"
      lead="Claude Code runs a command hook before every tool use and waits for it. bytebound hook reads the tool call, classifies its data and destination, decides it against your policy and answers: exit 0 lets it run, exit 2 blocks it and tells the agent which article stood in the way."
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <div className={card}>
          <h3 className="text-lg font-semibold text-white">.claude/settings.json</h3>
          <pre className="mt-3 rounded-lg bg-ink-950 p-4 font-mono text-xs break-all whitespace-pre-wrap text-slate-200 sm:text-sm">
            <code>{HOOK_SETTINGS}</code>
          </pre>
        </div>
        <div className={card}>
          <h3 className="text-lg font-semibold text-white">What happens</h3>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-300">
            <li>The agent wants to run a command that posts a customer&apos;s email address to an outside host.</li>
            <li>The hook receives the PreToolUse event on stdin and finds personal data bound for a third country.</li>
            <li>No safeguards are recorded for that host: GDPR Art. 44 denies, the hook exits 2, the command never runs.</li>
            <li>The decision is signed into the local audit log; bytebound verify checks it later.</li>
          </ol>
          <p className="mt-3 text-sm text-slate-300">
            The guard script runs the bundled hook and blocks if the hook itself is missing, crashes or hangs. Without --policy the built-in default applies (GDPR, PCI DSS and HIPAA baselines). See the <Link to={`${paths.docs}#quickstart`} className={link}>quickstart</Link>.
          </p>
        </div>
      </div>
    </HomeSection>
  );
}

export function EnterpriseDemo() {
  return (
    <HomeSection id="enterprise-demo" eyebrow="Enterprise demo" title={`A ${ENTERPRISE_DEMO_MINUTES}-minute walk through your own rules`} lead="Bring a regulation or an internal policy. We compile it live, put the hook in front of an agent and show the signed audit trail it leaves.">
      <div className="flex flex-wrap gap-3">
        <Link to={paths.booking} className="rounded-lg bg-brand-400 px-5 py-3 font-semibold text-ink-950 hover:bg-brand-300">
          Book Enterprise Demo
        </Link>
        <Link to={paths.trial} className="rounded-lg border border-ink-700 px-5 py-3 font-semibold text-slate-100 hover:bg-ink-800">
          Start Free Enterprise Pilot
        </Link>
      </div>
    </HomeSection>
  );
}

export function InvestorQuest() {
  return (
    <HomeSection id="investor-quest" eyebrow="Ask the receptionist" title="Questions? Ask our receptionist" lead="An assistant that answers from our own documentation and pricing. Every message you send is itself checked by the engine under GDPR, and the live stream beside it shows those decisions.">
      <button
        type="button"
        onClick={() => {
          if (!openReceptionist('investor-quest')) document.getElementById('contact')?.scrollIntoView();
        }}
        className="rounded-lg bg-brand-400 px-5 py-3 font-semibold text-ink-950 hover:bg-brand-300"
      >
        Live AI Receptionist POC
      </button>
    </HomeSection>
  );
}
