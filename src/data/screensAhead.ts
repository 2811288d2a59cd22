// The files of the screens a page has the browser fetch ahead of need: the build writes them into index.html
// (scripts/screensAhead.ts), as JSON in a script element of this id, and the app reads them (src/app/warmScreens.ts).
export const SCREENS_AHEAD_ID = 'screens-ahead';

export interface ScreenFiles {
  /** Module scripts, as addresses. */
  scripts: string[];
  /** Stylesheets, as addresses. */
  styles: string[];
}
