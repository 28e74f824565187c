import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The CSP source of the map's tiles: their origin, `{s}` subdomains as a wildcard; none if local. */
const tileSource = (url: string): string[] => {
  const origin = /^https?:\/\/[^/]+/.exec(url)?.[0];
  return origin ? [origin.replace('{s}', '*')] : [];
};

interface SecurityHeaderOptions {
  /** Behind HTTPS: HSTS, and plain-http subresources upgraded. */
  secure: boolean;
  /** The map tiles' URL template (config.mapTiles.url): the one image source from elsewhere. */
  mapTilesUrl: string;
}

/** The Content-Security-Policy of the app: everything from this site, map tiles besides. */
export function contentSecurityPolicy({ secure, mapTilesUrl }: SecurityHeaderOptions): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    // antd-mobile positions popups with style attributes.
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...tileSource(mapTilesUrl)],
    ['media-src', "'self'", 'blob:'],
    ['font-src', "'self'", 'data:'],
    ['connect-src', "'self'"],
    ['manifest-src', "'self'"],
    ['worker-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
    // Only behind HTTPS: on plain http (a phone on the LAN) it would break every asset.
    ...(secure ? [['upgrade-insecure-requests'] as [string]] : []),
  ];
  return directives.map((d) => d.join(' ')).join(';');
}

type Headers = [string, string][];

/**
 * What a JSON answer of the API needs: the CSP (a JSON answer opened as a page gets no script,
 * no frame), no cross-origin reads of it (CORP), no sniffing it as a script or a style, and HSTS
 * on the calls a phone makes most.
 */
function apiHeaders(options: SecurityHeaderOptions): Headers {
  return [
    ['content-security-policy', contentSecurityPolicy(options)],
    ['cross-origin-resource-policy', 'same-origin'],
    ...(options.secure
      ? [['strict-transport-security', 'max-age=31536000; includeSubDomains'] as [string, string]]
      : []),
    ['x-content-type-options', 'nosniff'],
  ];
}

/**
 * What a document needs besides (pages, Swagger UI, files, media, a not-found answer): helmet's
 * defaults, the headers it sent on every answer.
 */
function documentHeaders(options: SecurityHeaderOptions): Headers {
  return [
    ...apiHeaders(options),
    ['cross-origin-opener-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'no-referrer'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    // The old XSS auditors are themselves an attack surface: turned off, as helmet does.
    ['x-xss-protection', '0'],
  ];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A JSON answer of the API (lib/route.ts): it gets the API's security headers only. */
    jsonAnswer?: boolean;
  }
}

/**
 * Sets the security headers, built once at start (helmet rebuilt its whole configuration, the
 * CSP parsed and validated anew, on every request: a third of the CPU of a small answer). A
 * route marked `jsonAnswer` gets the API's set; any other answer, with a route or without, the
 * document's.
 * They go on the raw response as a request arrives, before any hook may refuse it, so answers
 * written past Fastify's reply (the event stream, a stalled body's refusal) carry them too; a
 * route may still replace one through its reply (Swagger UI's own CSP).
 */
export const securityHeadersPlugin = fp<SecurityHeaderOptions>(
  async (app: FastifyInstance, options) => {
    const api = apiHeaders(options);
    const document = documentHeaders(options);
    app.addHook('onRequest', (request, reply, done) => {
      const raw = reply.raw;
      for (const [name, value] of request.routeOptions.config.jsonAnswer ? api : document) {
        raw.setHeader(name, value);
      }
      done();
    });
  },
  { name: 'security-headers' },
);
