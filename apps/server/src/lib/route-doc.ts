import type { ZodType } from 'zod';

/**
 * What is left of the per-file route documentation helpers, for the one route that still builds
 * its own schema (modules/events/events.routes.ts, being rewritten): every other route is
 * declared in packages/contract/src/routes and registered with lib/route.ts.
 */
export { errorList } from './route.js';

/** A success answer that is not JSON, by media type (route.ts makes these from declarations). */
export const contentResponse = (description: string, content: Record<string, ZodType>) => ({
  description,
  content: Object.fromEntries(Object.entries(content).map(([type, schema]) => [type, { schema }])),
});
