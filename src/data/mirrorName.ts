// The mirror's database name, in a module of its own: the page asks the browser about the mirror (installedMirror.ts)
// before the code that opens it (mirror.ts, with Dexie) has loaded.
export const MIRROR_NAME = 'guap-mirror';
