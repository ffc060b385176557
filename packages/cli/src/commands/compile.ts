// `bytebound compile <file|-> --format <id>`: compiles legal text to one of the seven policy
// formats and writes it to standard output or --out; the stages and a summary go to stderr.
import fs from 'node:fs';
import { compile } from '@bytebound/compiler/compile';
import { FORMATS } from '@bytebound/compiler/emit/formats';
import { JURISDICTIONS, type CompileOptions } from '@bytebound/compiler/policy-model';
import { readLegalText } from '../legal-text.ts';

export const summary = 'compile legal text to policy code';

const HELP = `Usage: bytebound compile <file | -> [--format <id>] [--jurisdiction <code>] [--out <file>]
                         [--enforcement strict|moderate|permissive] [--optimization none|basic|maximum]
                         [--environment production|development] [--no-tests]

Compiles legal text (a file, or - for standard input) into policy code.
  --format        ${FORMATS.map((f) => f.id).join(', ')} (default: bytebound)
  --jurisdiction  ${JURISDICTIONS.join(', ')} (default: detected from the text)
  --out           write the output to this file instead of standard output
  --enforcement   strict (default): undefined scenarios deny; moderate: they allow with a warning;
                  permissive: only prohibitions deny
  --optimization  maximum (default): drop rules that can never apply, merge rules that differ only
                  in their operations, and store rules in decision order; basic: the same without
                  the reordering; none: every rule as the text gave it
  --environment   production (default); development: the output also carries a decision trace,
                  in each format's own way (a trace rule, view, export or comment)
  --no-tests      leave out the format's own tests
Exit code 0: compiled; 1: bad input or options.
`;

type Parsed = { file?: string; format: string; jurisdiction?: string; out?: string; options: Partial<CompileOptions> };

function parseArgs(args: string[]): Parsed | string {
  const parsed: Parsed = { format: 'bytebound', options: {} };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined || (inline === undefined && v.startsWith('--'))) throw new Error(`${flag} needs a value`);
      return v;
    };
    try {
      if (flag === '--format' || flag === '-f') parsed.format = value();
      else if (flag === '--jurisdiction') parsed.jurisdiction = value();
      else if (flag === '--out' || flag === '-o') parsed.out = value();
      else if (flag === '--enforcement') parsed.options.enforcementLevel = value() as CompileOptions['enforcementLevel'];
      else if (flag === '--optimization') parsed.options.optimizationLevel = value() as CompileOptions['optimizationLevel'];
      else if (flag === '--environment') parsed.options.targetEnvironment = value() as CompileOptions['targetEnvironment'];
      else if (flag === '--no-tests') parsed.options.includeTests = false;
      else if (flag === '--tests') parsed.options.includeTests = true;
      else if (flag.startsWith('-') && flag !== '-') return `unknown option ${flag}`;
      else if (parsed.file === undefined) parsed.file = arg;
      else return `one input at a time (got ${parsed.file} and ${arg})`;
    } catch (error) {
      return (error as Error).message;
    }
  }
  return parsed;
}

export async function run(args: string[]): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    process.stdout.write(HELP);
    return 0;
  }
  const parsed = parseArgs(args);
  if (typeof parsed === 'string') {
    process.stderr.write(`bytebound compile: ${parsed}\n\n${HELP}`);
    return 1;
  }
  if (parsed.file === undefined) {
    process.stderr.write(`bytebound compile: give a file to compile, or - to read standard input\n\n${HELP}`);
    return 1;
  }
  let text: string;
  try {
    text = await readLegalText(parsed.file);
  } catch (error) {
    process.stderr.write(`bytebound compile: ${(error as Error).message}\n`);
    return 1;
  }
  if (text.trim() === '') {
    process.stderr.write('bytebound compile: the input is empty: give the legal text to compile\n');
    return 1;
  }
  const result = compile(text, { format: parsed.format, ...(parsed.jurisdiction !== undefined ? { jurisdiction: parsed.jurisdiction } : {}), options: parsed.options });
  if (!result.ok) {
    process.stderr.write(`bytebound compile: ${result.stage} failed: ${result.error}\n`);
    return 1;
  }
  if (parsed.out !== undefined) {
    try {
      fs.writeFileSync(parsed.out, result.output);
    } catch (error) {
      process.stderr.write(`bytebound compile: cannot write ${parsed.out}: ${(error as Error).message}\n`);
      return 1;
    }
  } else {
    process.stdout.write(result.output);
  }
  const { detected, metadata, validation } = result;
  const lines = [
    `${detected.regulation ?? 'no regulation'} (${detected.jurisdiction ?? 'no jurisdiction detected'}, confidence ${detected.confidence}): ${metadata.normCount} norms, ${metadata.ruleCount} rules -> ${metadata.format} (${metadata.extension})${parsed.out ? `, written to ${parsed.out}` : ''}`,
    `stages: ${result.stages.map((s) => `${s.stage} ${s.ms.toFixed(1)} ms`).join(', ')}; total ${metadata.compilationTime.toFixed(1)} ms (${metadata.performanceTier})`,
    `output ${metadata.outputDigest}`,
    ...(result.note ? [`note: ${result.note}`] : []),
    ...validation.warnings.map((w) => `warning: ${w}`),
  ];
  process.stderr.write(lines.join('\n') + '\n');
  return 0;
}
