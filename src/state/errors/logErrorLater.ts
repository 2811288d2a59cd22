// The app's one error log for code on the first screen: the log (and the toast library behind it) loads only when
// an error happens, so the first paint does not wait for it.
export function logErrorLater(error: unknown, label: string): void {
  void import('./reportError.ts').then(({ logError }) => logError(error, label));
}
