import { landingPath, PAGE_LOADERS } from './app/pageLoaders';
import { earlyGetUrls, sendEarlyGets } from './lib/earlyGets';
import { expectFirstData } from './lib/firstData';
import { storedMerchantInfo } from './lib/merchantInfo';
import { LOCALE_LOADERS, storedLocale } from './locales/load';

/**
 * The page's first script, 5 KB gzip (most of it the list of each route's chunks): it knows the
 * chosen language, the route and whether there is a session before the app's code has arrived,
 * and asks at once for all that the first screen needs, in one wave beside the app's code and CSS
 * (which index.html preloads): the language's texts, the route's page chunk and, signed in, the
 * page's data (its GETs, sent from here: lib/earlyGets.ts). The app itself (main.tsx) then finds
 * each in flight or done.
 */
const ignore = () => {
  // The app asks again, and shows the failure and its retry (lazyPage, i18n).
};

LOCALE_LOADERS[storedLocale()]().catch(ignore);

const [hashPath = '', search = ''] = location.hash.replace(/^#/, '').split('?');
const query = new URLSearchParams(search);
const signedIn = storedMerchantInfo() !== null;
const path = landingPath(hashPath, signedIn);
if (signedIn) sendEarlyGets(earlyGetUrls(path, query));
PAGE_LOADERS[path]().catch(ignore);
if (signedIn) {
  expectFirstData(
    import('./app/prefetch').then(({ prefetchRoute }) => prefetchRoute(path, query), ignore),
  );
}

void import('./main');
