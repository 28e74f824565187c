import 'antd-mobile/es/global';
import './app/app.css';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode, startTransition } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/App';
import { landingPath } from './app/pageLoaders';
import { whenPageLoaded } from './app/routes';
import { whenFirstData } from './lib/firstData';
import { initI18n } from './lib/i18n';
import { storedMerchantInfo } from './lib/merchantInfo';

// antd-mobile 5 renders Toast and Dialog with React 18's legacy API; give it React 19's roots.
const roots = new WeakMap<Element | DocumentFragment, Root>();
unstableSetRender((node, container) => {
  const root = roots.get(container) ?? createRoot(container);
  roots.set(container, root);
  root.render(node);
  return async () => {
    await Promise.resolve();
    root.unmount();
    roots.delete(container);
  };
});

/**
 * How long the first render waits for the page's data once its code is here: past it, the page
 * shows its skeleton until the data comes, as a slow API's would.
 */
const FIRST_DATA_WAIT_MS = 1_000;

const container = document.getElementById('root');
const [hashPath = ''] = location.hash.replace(/^#/, '').split('?');
const signedIn = storedMerchantInfo() !== null;
// Signed in, it waits for the page's code as well (asked for by the boot beside this chunk), so
// that the first render draws the page with the shell: home's greeting, from local storage, in
// the first paint, and the page's render before it rather than in a task after it; and for the
// page's data a while (lib/firstData.ts). The sign-in page keeps its shell painted first: its
// first paint is its figure to keep.
const firstPage = signedIn
  ? Promise.all([
      whenPageLoaded(landingPath(hashPath, signedIn)),
      whenFirstData(FIRST_DATA_WAIT_MS),
    ])
  : Promise.resolve();
// The first render waits for the chosen language, so a Malay or Chinese user sees no English flash.
void Promise.all([initI18n(), firstPage]).then(() => {
  if (container) {
    const root = createRoot(container);
    // As a transition, React renders the first screen in slices of a few milliseconds, yielding
    // to the browser between them, instead of one task of 50-60 ms (a phone's 200+) that blocks
    // a tap; nothing shows until the whole screen is ready, as before.
    startTransition(() =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    );
  }
});
