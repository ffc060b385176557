// Types of wal-restart.mjs.
import type SqliteDatabase from './sqlite-library.mjs';

/** A database file's log restarts: the log's size (in frames) that starts it again, and the state its threads share. */
export type WalRestart = { frames: number; shared: Int32Array };

export function newWalRestart(frames: number): WalRestart;
export function checkpointTurns(sqlite: SqliteDatabase.Database, restart: WalRestart): () => void;
export function writerAnswers(restart: WalRestart, present: boolean): void;
export function copyEndOfLogIfAsked(sqlite: SqliteDatabase.Database, restart: WalRestart): void;
export function walRestarts(restart: WalRestart): { writer: boolean; byWriters: number; byRestart: number };
