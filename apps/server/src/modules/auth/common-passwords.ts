import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/**
 * The common passwords refused at sign-up and reset (common-passwords.txt: where they come from).
 * The build copies the file beside the bundle, as it does the migrations.
 */
const LIST = fileURLToPath(new URL('./common-passwords.txt', import.meta.url));

let list: Promise<Set<string>> | undefined;

/** Read on the first password set, not at start-up: most starts never register anyone. */
function commonPasswords(): Promise<Set<string>> {
  list ??= readFile(LIST, 'utf8')
    .then(
      (text) =>
        new Set(
          text
            .split('\n')
            .map((line) => line.trim())
            .filter((line) => line && !line.startsWith('#')),
        ),
    )
    .catch((err: unknown) => {
      list = undefined;
      throw err;
    });
  return list;
}

/** Whether a password is on the list, whatever its case ("Password1" is "password1"). */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
