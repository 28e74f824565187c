/** Whether two labels say the same words, whatever their case and spacing ('Ikan  kembung'). */
export const sameWords = (a: string, b: string) =>
  a.trim().replace(/\s+/g, ' ').toLocaleLowerCase() ===
  b.trim().replace(/\s+/g, ' ').toLocaleLowerCase();
