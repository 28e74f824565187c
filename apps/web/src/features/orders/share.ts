/** How long a print frame stays after printing starts: the dialog reads it while open. */
const PRINT_FRAME_MS = 120_000;

/**
 * Prints a same-origin PDF without leaving the page: loaded in an invisible frame whose print()
 * opens the browser's dialog. A browser that shows no PDF inline (most phones) opens it in a new
 * tab instead, where its own viewer prints or shares it.
 */
export function printPdf(url: string): void {
  if (navigator.pdfViewerEnabled === false) {
    window.open(url, '_blank', 'noopener');
    return;
  }
  const frame = document.createElement('iframe');
  frame.title = 'print';
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText =
    'position:fixed;right:0;bottom:0;width:1px;height:1px;border:0;opacity:0;pointer-events:none';
  frame.addEventListener('load', () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
    setTimeout(() => frame.remove(), PRINT_FRAME_MS);
  });
  frame.src = url;
  document.body.append(frame);
}
