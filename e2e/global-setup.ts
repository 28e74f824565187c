import { buildIfStale } from '../scripts/build-if-stale.mjs';

/** One build for every worker's server, before any of them starts. */
export default function globalSetup() {
  buildIfStale();
}
