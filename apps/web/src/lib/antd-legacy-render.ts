/**
 * Stands in for antd-mobile's React 18 `render` (vite.config.ts): main.tsx gives antd-mobile React
 * 19's roots through `unstableSetRender` before anything renders, so this is never called.
 */
export function render(): never {
  throw new Error('antd-mobile renders through unstableSetRender (main.tsx)');
}

export function unmount(): never {
  return render();
}
