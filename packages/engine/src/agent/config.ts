// Constants of the AI-agent enforcement half of the engine (the hook, detection, the local audit
// log, the MCP tools), in one place.

/**
 * Characters a scanner reads at a time (bounded, linear time): what a tool call sends is read in
 * windows of this size. A prompt or a command line longer than this, or its variables expanding
 * past it, is blocked as what cannot be inspected whole (fail secure), never passed unread.
 */
export const MAX_SCAN_CHARS = 1_000_000;

/** Nesting depth of a tool call's JSON arguments that is read; a call nested deeper is blocked, as above. */
export const MAX_ARGUMENT_NESTING = 32;

/**
 * Bytes of the local files an outbound command sends (curl -d @file, scp file host:) that are read
 * to see what leaves: of each file, of an archive once unpacked, and of all the files of one call;
 * more is blocked, as above. As much as the hook input itself may hold.
 */
export const MAX_SENT_FILE_BYTES = 16 * 1_048_576;

/** Archives inside archives that a sent file is opened through (a .tar.gz inside a zip is two); one nested deeper blocks, as above. */
export const MAX_ARCHIVE_NESTING = 3;

/** Files a glob an outbound command names may match (`scp *.csv host:`); a glob matching more is not read, and blocks. */
export const MAX_GLOB_FILES = 256;

/**
 * Entries (files and folders, at any depth) of the folders an outbound command sends whole (`scp -r
 * exports host:`, `tar czf - exports`) that are looked at; a folder holding more is not read, and
 * blocks. Their bytes count against MAX_SENT_FILE_BYTES.
 */
export const MAX_FOLDER_ENTRIES = 4_096;

/** Files a command line writes from one another (`cat a > b; cat b > c; ...`) followed back at most this deep when one is sent. */
export const MAX_WRITTEN_CHAIN = 64;

/** Bytes of hook input (the event JSON on stdin) accepted; more is malformed input. */
export const MAX_HOOK_INPUT_BYTES = 16 * 1_048_576;

/** Characters either side of a special-category term searched for a person it is about. */
export const PERSON_WINDOW_CHARS = 120;

/** How long a hook waits for the audit-log lock before giving up, and when a lock counts as stale. */
export const AUDIT_LOCK_TIMEOUT_MS = 5_000;
export const AUDIT_LOCK_STALE_MS = 10_000;
export const AUDIT_LOCK_RETRY_MS = 5;

/** The host a prompt goes to: the model's provider (looked up in the policy's destinations table). */
export const MODEL_PROVIDER_HOST = 'api.anthropic.com';

/** Nesting depth of `bash -c`, `sh -c`, `eval` and $( ) the command parser follows; a command nested deeper is blocked, as above. */
export const MAX_SHELL_NESTING = 4;

/** The local signing key's file under BYTEBOUND_HOME (or ~/.bytebound). */
export const LOCAL_SIGNING_KEY_FILE = 'signing-key.pem';

/** The log of the hook's own failures under BYTEBOUND_HOME (or ~/.bytebound). */
export const HOOK_LOG_FILE = 'hook.log';

/** Folder of the local audit log under BYTEBOUND_HOME (or ~/.bytebound). */
export const AUDIT_DIR = 'audit';
