// The demo's own constants: formats in button order, storage keys and limits. Spec section 9's
// shared numbers (debounce, copy feedback, flash and shake, stage progress) come from config/.
export const DEMO_FORMAT_IDS = ['rego', 'cedar', 'rust', 'javascript', 'bytebound', 'sql', 'wasm'] as const;
export type DemoFormatId = (typeof DEMO_FORMAT_IDS)[number];

/** Button labels of spec section 2 (the bytebound format's button reads bb). */
export const FORMAT_LABELS: Readonly<Record<DemoFormatId, string>> = {
  rego: 'rego',
  cedar: 'cedar',
  rust: 'rust',
  javascript: 'javascript',
  bytebound: 'bb',
  sql: 'sql',
  wasm: 'wasm',
};

/** Extensions of the downloaded file, as the server's format registry names them. */
export const FORMAT_EXTENSIONS: Readonly<Record<DemoFormatId, string>> = {
  rego: '.rego',
  cedar: '.cedar',
  rust: '.rs',
  javascript: '.js',
  bytebound: '.bb',
  sql: '.sql',
  wasm: '.wat',
};

export const DEFAULT_FORMAT: DemoFormatId = 'bytebound';

/** Template buttons of spec section 2, then the templates reachable without a button of their own. */
export const TEMPLATE_BUTTONS = [
  { key: 'gdpr', label: 'GDPR' },
  { key: 'ccpa', label: 'CCPA' },
  { key: 'hipaa', label: 'HIPAA' },
  { key: 'pci', label: 'PCI-DSS' },
] as const;
export const MORE_TEMPLATES = [
  { key: 'ai_act', label: 'EU AI Act' },
  { key: 'sox', label: 'SOX' },
] as const;

export const AB_VARIANT_STORAGE_KEY = 'bytebound:demo-ab-variant';
export const HISTORY_STORAGE_KEY = 'bytebound:demo-history';
export const HISTORY_MAX_ENTRIES = 20;
/** Characters of output kept as a history entry's preview. */
export const HISTORY_PREVIEW_CHARS = 160;

/** Readiness messages of spec section 5, verbatim. */
export const READINESS_EMPTY = 'Please enter legal text to compile';
export const READINESS_FIX_ERRORS = 'Please fix validation errors before compiling';
export const READINESS_IN_PROGRESS = 'Compilation already in progress';
export const READINESS_CONNECTING = 'Connecting to the engine....';

/** Spec section 8: a result without output. */
export const INVALID_RESULT_MESSAGE = 'Invalid compilation result';

/** While the engine is unreachable, it is asked again this often. */
export const HEALTH_RETRY_MS = 3_000;
export const HEALTH_PATH = '/api/health';
export const COMPILE_PATH = '/api/demo/compile';
export const MONITOR_PATH = '/api/demo/monitor';
/** A try-it decision that takes longer than this is stopped and denied (fail secure). */
export const TRY_IT_TIMEOUT_MS = 2_000;
/** The compile starts without the monitor if its socket has not opened by then. */
export const MONITOR_CONNECT_TIMEOUT_MS = 1_000;
