// The toolchain runners the differential test checks against the reference evaluator.
import type { FormatRunner } from './types.ts';

export const runners: FormatRunner[] = [];
