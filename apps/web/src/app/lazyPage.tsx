import type { ComponentType } from 'react';
import { type LazyComponent, lazyComponent } from '../lib/ui/lazyComponent';

/** Query parameters of the route, passed to every page as props (spec §2). */
export interface PageProps {
  query: Record<string, string>;
}

/** Every page is its own chunk (spec §2: pages load on demand): see lazyComponent. */
export const lazyPage = (
  load: () => Promise<{ default: ComponentType<PageProps> }>,
): LazyComponent<PageProps> => lazyComponent(load);
