// The WebAssembly runner: wabt assembles the emitted .wat (and validates it), Node instantiates
// the binary once per policy and calls the exported decide for every request of the batch.
import wabtInit from 'wabt';
import { wasmDecide, wasmRules, type WasmExports } from '../../src/emit/wasm.ts';
import type { CompleteRequest } from '../../src/policy-model.ts';
import type { FormatDecision, FormatRunner } from './types.ts';

let wabt: Awaited<ReturnType<typeof wabtInit>> | undefined;

/** Assembles WebAssembly text with wabt; throws wabt's message when the text is invalid. */
export async function assembleWat(text: string): Promise<Uint8Array> {
  wabt ??= await wabtInit();
  const module = wabt.parseWat('policy.wat', text);
  try {
    module.validate();
    return module.toBinary({}).buffer;
  } finally {
    module.destroy();
  }
}

// Node's global WebAssembly (the Node 20 typings in use do not declare it).
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { instantiate(binary: Uint8Array): Promise<{ instance: { exports: unknown } }> };
};

export async function instantiateWat(text: string): Promise<WasmExports> {
  const binary = await assembleWat(text);
  const { instance } = await wasm.instantiate(binary);
  return instance.exports as unknown as WasmExports;
}

export const wasmRunner: FormatRunner = {
  format: 'wasm',
  async decideAll(output: string, _policy, requests: CompleteRequest[]): Promise<FormatDecision[]> {
    const exports = await instantiateWat(output);
    const rules = wasmRules(exports);
    return requests.map((request) => {
      const { decision, article, applied_policies } = wasmDecide(exports, rules, request);
      return { decision, article, applied_policies };
    });
  },
};
