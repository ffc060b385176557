// How a SQLite file's write-ahead log starts again from its beginning while decisions are being
// committed without pause (plain JavaScript: the checkpointer's thread loads it without TypeScript).
//
// SQLite starts the log again when a writer begins a transaction with every frame of the log
// already copied into the database file and no reader using the log. Under the decision recorder's
// stream of batches that never happens by itself: the checkpointer's copy of the log is never
// finished between two batches. A RESTART checkpoint forces it, but it first waits for the batch
// being committed, then holds every new one until it has copied the rest of the log and synced
// the file, and the writer it held waits in SQLite's busy handler, which sleeps 1, 2, 5, 10 ms ...
// in turn: under load each RESTART held the recorder 30-60 ms, long enough to put every decision
// in flight at that moment into the slowest percent. So, once the log holds `frames` frames:
//
// - the checkpointer catches up (passive checkpoints, each copying what was committed during the
//   one before, until little is left) and asks the writer;
// - the writer (the recorder thread), between two batches, copies what is left (a batch or two of
//   pages, and two syncs): its next batch starts the log again.
//
// Without a writer that answers (no recorder thread), or when the writer has not started the log
// again ASK_TURNS turns after it was asked (no batch came meanwhile), the checkpointer runs the
// RESTART checkpoint itself.

/** Slots of the state shared by the threads that use one database file. */
const ASKED = 0; // 1 while the checkpointer waits for the writer to copy the end of the log
const WRITER = 1; // 1 while a writer that answers is there (the recorder thread)
const STARTED_BY_WRITERS = 2; // times the log started again at a writer's commit
const STARTED_BY_RESTART = 3; // times the checkpointer had to run a RESTART checkpoint
const SLOTS = 4;

/** Turns of the checkpointer the writer has to start the log again once asked. */
const ASK_TURNS = 4;
/** Passive checkpoints the checkpointer runs at most to catch up before it asks the writer. */
const CATCH_UP_ROUNDS = 8;
/** Frames committed during the previous passive checkpoint under which it asks the writer (a few batches). */
const CAUGHT_UP_FRAMES = 256;

/** The state of a database file's log restarts (`frames`: the log's size that starts it again), for its threads. */
export function newWalRestart(frames) {
  return { frames, shared: new Int32Array(new SharedArrayBuffer(SLOTS * Int32Array.BYTES_PER_ELEMENT)) };
}

function passive(sqlite) {
  const [{ busy, log }] = sqlite.pragma('wal_checkpoint(PASSIVE)');
  return { busy: busy !== 0, log };
}

/**
 * The checkpointer's turns on its connection `sqlite`: each copies the log into the database file
 * and, past `frames`, has the log start again. Between turns it keeps the log's size at its last
 * look, and for how many turns the writer has been asked.
 */
export function checkpointTurns(sqlite, { frames, shared }) {
  let lastLog = 0;
  let asked = 0;

  /** A passive checkpoint: the log's size in frames, or null while the writer is copying the end of the log (its checkpoint holds the lock). */
  function lookAtLog() {
    const { busy, log } = passive(sqlite);
    if (busy) return null;
    // A log smaller than at the last look started again at a writer's commit.
    if (log < lastLog) {
      Atomics.add(shared, STARTED_BY_WRITERS, 1);
      asked = 0;
    }
    lastLog = log;
    return log;
  }

  return () => {
    let log = lookAtLog();
    if (log === null || log < frames) return;
    if (Atomics.load(shared, WRITER) === 1 && asked < ASK_TURNS) {
      for (let round = 0, added = Number.POSITIVE_INFINITY; round < CATCH_UP_ROUNDS && added > CAUGHT_UP_FRAMES; round++) {
        const before = log;
        log = lookAtLog();
        if (log === null || log < frames) return;
        added = log - before;
      }
      Atomics.store(shared, ASKED, 1);
      asked += 1;
      return;
    }
    // It gives up after the connection's busy timeout (a reader still on an older snapshot); the next turn tries again.
    const [{ busy: gaveUp }] = sqlite.pragma('wal_checkpoint(RESTART)');
    if (gaveUp === 0) {
      Atomics.add(shared, STARTED_BY_RESTART, 1);
      lastLog = 0;
      asked = 0;
    }
  };
}

/** A writer that answers says it is there (true) or gone (false). */
export function writerAnswers(restart, present) {
  Atomics.store(restart.shared, WRITER, present ? 1 : 0);
}

/**
 * The writer's part, between two of its transactions: when asked, copies what is left of the log,
 * so that its next transaction starts the log again. Asked once per request: should a reader hold
 * the log meanwhile, the checkpointer asks again at its next turn.
 */
export function copyEndOfLogIfAsked(sqlite, { shared }) {
  if (Atomics.exchange(shared, ASKED, 0) === 0) return;
  passive(sqlite);
}

/** Whether a writer answers, and how the log started again so far: at a writer's commit, or by a RESTART checkpoint. */
export function walRestarts({ shared }) {
  return { writer: Atomics.load(shared, WRITER) === 1, byWriters: Atomics.load(shared, STARTED_BY_WRITERS), byRestart: Atomics.load(shared, STARTED_BY_RESTART) };
}
