/** Builds the app and the server when a source is newer than the build; ends the process on failure. */
export function buildIfStale(): void;
