// The toolchain runners the differential test checks against the reference evaluator.
import { cedarRunner } from './cedar.ts';
import { regoRunner } from './rego.ts';
import { rustRunner } from './rust.ts';
import type { FormatRunner } from './types.ts';
import { wasmRunner } from './wasm.ts';

export const runners: FormatRunner[] = [regoRunner, cedarRunner, rustRunner, wasmRunner];
