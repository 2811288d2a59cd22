// An inline script adding a disabled stylesheet link to each file, to the head, as the parser meets it: for styles the
// HTML carries inline. The browser neither fetches nor applies a disabled link, and Vite's loader, importing a chunk
// that needs the file, sees a stylesheet link there and adds none: a second copy would make the browser recompute
// the page's styles and layout once more for each file, after the first paint. The links are the script's, not the
// markup's: Chromium's preload scanner fetches a disabled stylesheet link it reads in the HTML.
export function disabledLinks(hrefs: string[]): string {
  return `for (const href of ${JSON.stringify(hrefs)}) {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.setAttribute('disabled', '');
  link.href = href;
  document.head.append(link);
}`;
}
