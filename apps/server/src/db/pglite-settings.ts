/**
 * PostgreSQL settings every PGlite of the server and the tests opens with, after PGlite's own.
 *
 * shared_buffers: PGlite zeroes its shared memory as it opens, in WebAssembly, at about 3 ms a MB:
 * the 128 MB that initdb writes into postgresql.conf were a third of a second of every start
 * (and of every test file's database), and 128 MB of resident memory from the first second. The
 * embedded database serves one merchant's data (the demo's is 24 MB, catalogs included), and
 * pages past the buffers are read from files the operating system keeps cached.
 */
export const PGLITE_SETTINGS: readonly string[] = ['-c', 'shared_buffers=32MB'];
