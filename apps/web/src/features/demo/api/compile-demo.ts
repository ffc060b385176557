// POST /api/demo/compile with the spec's body (section 7), and reading the answer as the spec's
// client does: output from output, result.output, phases.compiled or phases.generated; a failure
// throws the server's error text or 'Invalid compilation result'.
import { apiClient } from '../../../lib/api-client.ts';
import { COMPILE_PATH, INVALID_RESULT_MESSAGE, type DemoFormatId } from '../lib/demo-config.ts';

export type CompileOptionsInput = {
  enforcementLevel: 'strict' | 'moderate' | 'permissive';
  includeTests: boolean;
  optimizationLevel: 'none' | 'basic' | 'maximum';
  targetEnvironment: 'development' | 'production';
};

export type StageTiming = { stage: string; ms: number; progress: number };

export type DemoNorm = {
  modality: string;
  subject: string;
  action: string;
  target: string;
  deadline: string | null;
  condition: string | null;
  exceptions: string[];
  source: { regulation: string; article: string; quote: string };
  rules: { id: string; effect: string; article: string; reason: string }[];
};

export type DemoCompileResult = {
  compilationId: string;
  output: string;
  stages: StageTiming[];
  format: { id: DemoFormatId; name: string; extension: string; description: string; performance: string; ecosystem: string };
  binary?: { encoding: 'base64'; data: string };
  metadata: {
    compilationTime: number;
    performanceTier: string;
    wordCount: number;
    ruleCount: number;
    normCount: number;
    segmentCount: number;
    outputDigest: string;
    detected: { jurisdiction: string | null; regulation: string | null; confidence: number };
  };
  validation: { errors: string[]; warnings: string[]; suggestions: string[] };
  norms: DemoNorm[];
  note: string | null;
};

export type DemoCompileRequest = {
  legalText: string;
  format: DemoFormatId;
  jurisdiction: string;
  options: CompileOptionsInput;
  detectedRegulation: string | null;
  wordCount: number;
  abTestVariant: 'A' | 'B';
  compilationId: string;
};

/** The error a failed compile carries: the server's text, or the spec's fallback. */
export class CompileError extends Error {
  constructor(
    message: string,
    readonly stage: string | null,
    readonly stages: StageTiming[],
  ) {
    super(message);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function outputOf(body: Record<string, unknown>): unknown {
  const result = isRecord(body.result) ? body.result : {};
  const phases = isRecord(body.phases) ? body.phases : {};
  return body.output ?? result.output ?? phases.compiled ?? phases.generated;
}

/** Interprets any answer of the compile endpoint: the result, or a CompileError. */
export function readCompileAnswer(body: unknown): DemoCompileResult {
  if (!isRecord(body)) throw new CompileError(INVALID_RESULT_MESSAGE, null, []);
  const stages = Array.isArray(body.stages) ? (body.stages as StageTiming[]) : [];
  const succeeded = body.status === 'success' || body.success === true;
  const output = outputOf(body);
  if (!succeeded || typeof output !== 'string') {
    const message = typeof body.error === 'string' && body.error !== '' ? body.error : INVALID_RESULT_MESSAGE;
    throw new CompileError(message, typeof body.stage === 'string' ? body.stage : null, stages);
  }
  return { ...(body as unknown as DemoCompileResult), output, stages };
}

export async function compileDemo(request: DemoCompileRequest): Promise<DemoCompileResult> {
  let answer: unknown;
  try {
    answer = await apiClient.post(COMPILE_PATH, {
      type: 'compile',
      payload: {
        legalText: request.legalText,
        codeType: request.format,
        jurisdiction: request.jurisdiction,
        options: request.options,
        metadata: {
          detectedRegulation: request.detectedRegulation,
          wordCount: request.wordCount,
          requestTime: new Date().toISOString(),
          abTestVariant: request.abTestVariant,
        },
      },
      timestamp: new Date().toISOString(),
      compilationId: request.compilationId,
    });
  } catch (thrown) {
    // The api client throws the response's body (spec section 8) or Error('Network Error').
    if (thrown instanceof Error) throw new CompileError(thrown.message || INVALID_RESULT_MESSAGE, null, []);
    readCompileAnswer(thrown);
    throw new CompileError(INVALID_RESULT_MESSAGE, null, []);
  }
  return readCompileAnswer(answer);
}
