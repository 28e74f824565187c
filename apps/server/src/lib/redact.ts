/** A request URL with the values of its secret query parameters (key, token) blanked. */
export const redactSecrets = (url: string) =>
  url.replace(/([?&](?:key|token)=)[^&#]*/gi, '$1[redacted]');
