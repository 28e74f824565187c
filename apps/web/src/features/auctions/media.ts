import { VIDEO_TYPES } from '@sm/contract';

/** What the file chooser offers for the video: the types the server takes, by type and by name. */
export const VIDEO_ACCEPT = Object.entries(VIDEO_TYPES)
  .flatMap(([type, names]) => [type, ...names.map((name) => `.${name}`)])
  .join(',');
