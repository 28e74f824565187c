/** A LIKE pattern that matches `text` anywhere, with the `%`, `_` and `\` in it taken literally. */
export const containsPattern = (text: string): string =>
  `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
