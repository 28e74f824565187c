import 'antd-mobile/es/global';
import './app/app.css';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { StrictMode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './lib/i18n';

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

const container = document.getElementById('root');
// The first render waits for the chosen language, so a Malay or Chinese user sees no English flash.
void initI18n().then(() => {
  if (container) {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
});

if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Without a service worker the app still works online.
    });
  };
  // The boot imports this module, which may run after the page's load event has fired: the
  // worker then registers at once (a listener added after the event is never called).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
