// The registry of output formats (spec section 3): each format's description (format-info.ts)
// with its emitter. Ids and extensions are the spec's.
import type { Emitter, FormatId } from './emitter.ts';
import { emitBytebound } from './bytebound.ts';
import { emitCedar } from './cedar.ts';
import { FORMAT_INFO, type FormatInfo } from './format-info.ts';
import { emitJavascript } from './javascript.ts';
import { emitRego } from './rego.ts';
import { emitRust } from './rust.ts';
import { emitSql } from './sql.ts';
import { emitWasm } from './wasm.ts';

export type OutputFormat = FormatInfo & { emit: Emitter };

const EMITTERS: Record<FormatId, Emitter> = {
  rego: emitRego,
  cedar: emitCedar,
  rust: emitRust,
  javascript: emitJavascript,
  bytebound: emitBytebound,
  sql: emitSql,
  wasm: emitWasm,
};

export const FORMATS: readonly OutputFormat[] = FORMAT_INFO.map((info) => ({ ...info, emit: EMITTERS[info.id] }));

export function formatById(id: string): OutputFormat | undefined {
  return FORMATS.find((f) => f.id === id);
}

export const FORMAT_IDS: readonly FormatId[] = FORMATS.map((f) => f.id);
