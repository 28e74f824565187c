import type { RouteDeclaration } from './define.js';
import { boatsApi } from './boats.js';
import { mediaApi } from './media.js';

export * from './define.js';
export type { RouteAnswer, RouteInput, RouteRef } from './ref.js';
export { boatsApi, mediaApi };

/**
 * Every declared route by area, as the route table (table.ts) lists them: an area's name is the
 * name of its export.
 */
export const apiAreas = {
  boatsApi,
  mediaApi,
} satisfies Record<string, Record<string, RouteDeclaration>>;
