/**
 * A declared path with its params filled in, each encoded, and the query if any
 * (`/api/orders/:id/invoice.pdf` → `/api/orders/o1/invoice.pdf`): the one path builder of the app
 * and of the server's links, so neither writes a path by hand.
 */
export function fillPath(
  template: string,
  params?: Readonly<Record<string, unknown>>,
  query?: Readonly<Record<string, string | number | boolean | undefined>>,
): string {
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${template}: no ${name}`);
    return encodeURIComponent(String(value));
  });
  const qs = Object.entries(query ?? {})
    .filter(([, value]) => value !== undefined)
    // Form encoding, as URLSearchParams writes it: a space is '+'.
    .map(([key, value]) => `${formEncode(key)}=${formEncode(String(value))}`)
    .join('&');
  return qs ? `${path}?${qs}` : path;
}

const formEncode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+');
