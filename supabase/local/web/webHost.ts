// The forum's web host: every request the Supabase services do not take. The built app's files (static.ts), its
// index.html with the backend config written in (embeddedConfig.ts), and a first visit's page with its rows
// (firstPage.ts). A stack with no built app (API-only, in tests) answers 404.
import type { Db } from '../db.ts';
import type { ApiResponse } from '../http.ts';
import { withEmbeddedConfig, type EmbeddedConfig } from './embeddedConfig.ts';
import { firstPages, type DatabaseTurn } from './firstPage.ts';
import { staticFiles, type StaticFiles } from './static.ts';

export interface WebHostOptions {
  db: Db;
  /** Built app to serve (dist/); omitted for API-only stacks. */
  staticDir?: string;
  /** The config the page starts with; undefined until the stack knows its port (the keys depend on it). */
  config(): EmbeddedConfig | undefined;
  /** A first page's read waits its client's turn at the database, as that client's REST reads do. */
  turn?: DatabaseTurn;
}

export function webHost(options: WebHostOptions): StaticFiles {
  const { db, staticDir, config, turn } = options;
  if (!staticDir) {
    return {
      serve: () => Promise.resolve({ status: 404, body: { message: 'Not found' } } satisfies ApiResponse),
      precompress: () => Promise.resolve(),
    };
  }
  return staticFiles(
    staticDir,
    (html) => {
      const embedded = config();
      return embedded && withEmbeddedConfig(html, embedded);
    },
    firstPages(db, staticDir, turn),
  );
}
