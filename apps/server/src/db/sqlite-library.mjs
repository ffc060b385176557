// The SQLite library for this Node: better-sqlite3 13 (Node-API, prebuilt in its package) from
// Node 22 on, better-sqlite3 12 on Node 20. Each crashes where the other runs: 13 segfaults on
// Node 20; 12, built against the headers of Node 24.19 or later, aborts the process when the
// garbage collector frees a statement ("RemoveEnvironmentCleanupHook ... Assertion failed: (env)
// != nullptr"): on Node 24.21 the server aborted as it started (test/foundation/sqlite-library.test.ts).
// Plain JavaScript: the checkpointer's thread loads it without TypeScript. Both have the same API.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const nodeMajor = Number(process.versions.node.split('.')[0]);

export default require(nodeMajor >= 22 ? 'better-sqlite3-napi' : 'better-sqlite3');
