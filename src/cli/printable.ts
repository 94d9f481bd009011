/**
 * Text from the user (a board line, an option value) can hold control bytes;
 * echoed raw into a message they would drive the terminal (colours, cursor
 * moves, a cleared screen). Messages show them escaped instead.
 */

/** C0 controls but tab, DEL, and the C1 controls that some terminals also obey. */
function isControl(code: number): boolean {
  return (code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f);
}

/** `text` with every control character written as \xNN. */
export function printable(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0) as number;
    out += isControl(code) ? `\\x${code.toString(16).padStart(2, '0')}` : c;
  }
  return out;
}
