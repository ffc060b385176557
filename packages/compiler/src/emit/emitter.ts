// The contract every output format implements: a pure, deterministic function from a compiled
// policy to the text of one format (same policy and options -> byte-identical output).
import type { CompileOptions, Policy } from '../policy-model.ts';

export type FormatId = 'rego' | 'cedar' | 'rust' | 'javascript' | 'bytebound' | 'sql' | 'wasm';

/**
 * Rules are emitted in decision order (priority descending, ties in policy order) so that reasons
 * come out ordered; every rule is commented with its article and quote, and nothing from the input
 * text can break out of a comment or string.
 */
export type Emitter = (policy: Policy, options: CompileOptions) => string;
