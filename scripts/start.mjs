// `npm start`: builds the app and the server when their sources are newer than the build, then
// runs the server (which migrates the database and seeds the demo on first start).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
// Run the server in this process: a second Node process would only add its start-up time. On
// PostgreSQL this process is the primary of WEB_CONCURRENCY workers, which run the bundle directly.
await import(pathToFileURL(path.resolve(import.meta.dirname, '../apps/server/dist/main.js')).href);
