// What the demo shows of each output format (spec section 3): id, name, button label, icon,
// description, extension, performance and ecosystem. No emitters here, so the site can list the
// formats without loading the code generators.
import type { FormatId } from './emitter.ts';

export type FormatInfo = {
  id: FormatId;
  name: string;
  /** The label of the format's button in the demo. */
  label: string;
  /** A Lucide icon name. */
  icon: string;
  description: string;
  extension: string;
  /** How the output runs, in words (no unmeasured figures). */
  performance: string;
  ecosystem: string;
};

export const FORMAT_INFO: readonly FormatInfo[] = [
  {
    id: 'rego',
    name: 'Rego (Open Policy Agent)',
    label: 'rego',
    icon: 'shield-check',
    description: 'An OPA Rego v1 package with deny reasons and an allow decision.',
    extension: '.rego',
    performance: 'evaluated by OPA; plans compiled once per policy load',
    ecosystem: 'Open Policy Agent, Kubernetes admission, Envoy, Terraform',
  },
  {
    id: 'cedar',
    name: 'Cedar',
    label: 'cedar',
    icon: 'trees',
    description: 'Cedar policies annotated with rule ids, articles and priorities, plus their schema.',
    extension: '.cedar',
    performance: 'authorized by the Cedar engine against pre-parsed policies',
    ecosystem: 'Cedar, Amazon Verified Permissions, cedar-wasm in Node and browsers',
  },
  {
    id: 'rust',
    name: 'Rust',
    label: 'rust',
    icon: 'cog',
    description: 'A dependency-free Rust module with fn decide(&Request) -> Decision.',
    extension: '.rs',
    performance: 'native code, no allocation on the decision path',
    ecosystem: 'Rust services, sidecars and embedded agents',
  },
  {
    id: 'javascript',
    name: 'JavaScript',
    label: 'javascript',
    icon: 'braces',
    description: 'An ES module exporting decide(request); no imports, no eval.',
    extension: '.js',
    performance: 'JIT-compiled by the host engine; opcode index for early exit',
    ecosystem: 'Node.js, Deno, Bun, browsers and edge workers',
  },
  {
    id: 'bytebound',
    name: 'bytebound',
    label: 'bb',
    icon: 'binary',
    description: 'The native format: opcode table, conditions over the attribute vocabulary, articles and quotes; human-readable and digest-checked.',
    extension: '.bb',
    performance: 'loaded by the bytebound engine into an opcode-indexed table',
    ecosystem: 'the bytebound engine, CLI, API and agent hooks',
  },
  {
    id: 'sql',
    name: 'SQL',
    label: 'sql',
    icon: 'database',
    description: 'Tables of rules and conditions plus a decision view that SQLite and PostgreSQL run unchanged.',
    extension: '.sql',
    performance: 'set-based: a whole batch of requests decided by one query',
    ecosystem: 'SQLite, PostgreSQL, data pipelines and audits in the database',
  },
  {
    id: 'wasm',
    name: 'WebAssembly',
    label: 'wasm',
    icon: 'cpu',
    description: 'WebAssembly text with an exported decide function over integer codes.',
    extension: '.wat',
    performance: 'sandboxed native-speed code, no host calls while deciding',
    ecosystem: 'browsers, Node.js, wasmtime, proxies with Wasm filters',
  },
];

export function formatInfo(id: string): FormatInfo | undefined {
  return FORMAT_INFO.find((f) => f.id === id);
}
