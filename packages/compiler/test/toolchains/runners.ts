// The toolchain runners the differential test checks against the reference evaluator.
import { byteboundRunner } from './bytebound.ts';
import { cedarRunner } from './cedar.ts';
import { javascriptRunner } from './javascript.ts';
import { regoRunner } from './rego.ts';
import { rustRunner } from './rust.ts';
import { postgresRunner, sqliteRunner } from './sql.ts';
import type { FormatRunner } from './types.ts';
import { wasmRunner } from './wasm.ts';

export const runners: FormatRunner[] = [regoRunner, cedarRunner, rustRunner, wasmRunner, javascriptRunner, byteboundRunner, sqliteRunner, postgresRunner];
