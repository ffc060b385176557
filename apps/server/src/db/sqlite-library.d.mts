// Types of sqlite-library.mjs: both versions it picks between have better-sqlite3's API.
import SqliteDatabase from 'better-sqlite3';

export default SqliteDatabase;
