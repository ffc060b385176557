// `bytebound analyze <file|-> [--json]`: the norms and the detected jurisdiction of a legal text.
// Bad input (missing file, not UTF-8 text, empty, too large, unknown flag) prints a message on stderr, exit 1.
import { analyze } from '@bytebound/compiler/analyze';
import { LegalTextError } from '@bytebound/compiler/errors';
import { readLegalText } from '../legal-text.ts';

export const summary = 'show the norms and the detected jurisdiction of a text';

const USAGE = 'Usage: bytebound analyze <file|-> [--json]\n';

const HELP = `${USAGE}
Reads legal text (a file, or - for standard input) and prints what the compiler finds in it, without
compiling: the detected jurisdiction and regulation with a confidence, and each norm with its
article, what it requires or allows, and any condition or deadline.
  --json  print the same as one JSON object, each norm with its exceptions, quote and the span
          of the quote in the text
Exit code 0: analysed; 1: bad input or options.
`;

function fail(message: string): number {
  process.stderr.write(`bytebound analyze: ${message}\n`);
  return 1;
}

export async function run(args: string[]): Promise<number> {
  let json = false;
  let input: string | null = null;
  for (const arg of args) {
    if (arg === '--json') json = true;
    else if (arg === '--help' || arg === '-h') {
      process.stdout.write(HELP);
      return 0;
    } else if (arg.startsWith('-') && arg !== '-') return fail(`unknown option '${arg}'\n${USAGE}`);
    else if (input === null) input = arg;
    else return fail(`only one input file may be given\n${USAGE}`);
  }
  if (input === null) return fail(`no input file given\n${USAGE}`);

  let text: string;
  try {
    text = await readLegalText(input);
  } catch (error) {
    return fail((error as Error).message);
  }
  if (text.trim() === '') return fail('the input is empty');

  let analysis;
  try {
    analysis = analyze(text);
  } catch (error) {
    if (error instanceof LegalTextError) return fail(error.message);
    throw error;
  }
  if (analysis.validation.errors.length > 0) return fail(analysis.validation.errors.join(' '));

  const { detected, norms } = analysis;
  if (json) {
    // Everything the readable summary says, and the exceptions and spans it only counts.
    const out = {
      jurisdiction: detected.jurisdiction,
      regulation: detected.regulation,
      confidence: detected.confidence,
      wordCount: analysis.wordCount,
      warnings: analysis.validation.warnings,
      suggestions: analysis.validation.suggestions,
      note: analysis.note,
      norms: norms.map((n) => ({
        article: n.source.article,
        regulation: n.source.regulation,
        modality: n.modality,
        subject: n.subject,
        action: n.action,
        target: n.target,
        deadline: n.deadline,
        condition: n.condition,
        exceptions: n.exceptions,
        quote: n.source.quote,
        span: n.source.span,
      })),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  const lines = [
    `Jurisdiction: ${detected.jurisdiction ?? 'not detected (compile uses US)'}${detected.regulation ? `  Regulation: ${detected.regulation}  Confidence: ${detected.confidence.toFixed(2)}` : ''}`,
    `Words: ${analysis.wordCount}  Norms: ${norms.length}`,
  ];
  for (const w of analysis.validation.warnings) lines.push(`Warning: ${w}`);
  for (const s of analysis.validation.suggestions) lines.push(`Suggestion: ${s}`);
  if (analysis.note) lines.push(analysis.note);
  norms.forEach((n, i) => {
    lines.push('');
    lines.push(`${i + 1}. ${n.source.article}: ${n.modality} of the ${n.subject} to ${n.action} ${n.target} data${n.deadline ? ` (deadline ${n.deadline})` : ''}`);
    if (n.condition) lines.push(`   when: ${n.condition.length > 160 ? `${n.condition.slice(0, 157)}...` : n.condition}`);
    if (n.exceptions.length) lines.push(`   exceptions: ${n.exceptions.length}`);
  });
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
