// A Vite build plugin: the start's code in one chunk per stage (scripts/bootStages.ts), where automatic splitting
// made forty of it, one for each set of screens that share a module: each file a request, and gzip starts afresh in
// every one (the first screen's JavaScript was 156.7 KB gzip in 39 files, and is 149.4 KB in 7).
//
// A module goes with the first stage whose static imports reach it, so a stage's chunk holds only what that stage
// evaluates anyway, and imports only earlier stages' chunks. Two exceptions keep the stages' tasks apart:
// - a module that code loaded before the later stages can import (a dynamic import of the entry's or the data
//   stage's, such as the sync's network code or the error toast's) goes with the data stage: a later stage's chunk
//   imported that early would evaluate the whole stage with it;
// - what the home screen shares with another first screen (the thread list's parts, the category names) goes with
//   the last stage: every first screen needs it, and one file less each.
// The entry's own modules stay with the entry, and the rest of the app is split as before.
import { basename, extname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_SCREENS } from '../src/data/firstScreenTable.ts';
import { BOOT_STAGES } from './bootStages.ts';

/** The start's chunks are named so: the manifest has no module key for them (their stage is not their facade). */
export const BOOT_CHUNK_PREFIX = 'boot-';

/** The manifest's keys of the start's chunks. */
export function bootChunkKeys(manifest: Record<string, { name?: string }>): string[] {
  return Object.keys(manifest).filter((key) => manifest[key]!.name?.startsWith(BOOT_CHUNK_PREFIX));
}

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
}

/** Every module reachable from `starts`, skipping `stop`, through static imports (and dynamic ones if asked). */
function reach(graph: ModuleGraph, starts: string[], stop: (id: string) => boolean, dynamic = false): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const id = stack.pop()!;
    const info = seen.has(id) || stop(id) ? null : graph.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds, ...(dynamic ? info.dynamicallyImportedIds : []));
  }
  return seen;
}

/** Each module's stage chunk, by module id: absent for the entry's modules and for the rest of the app. */
function stageChunkNames(graph: ModuleGraph, root: string): Map<string, string> {
  const stages = BOOT_STAGES.map((module) => resolve(root, module));
  const names = stages.map((id) => BOOT_CHUNK_PREFIX + basename(id, extname(id)));
  const stageOf = new Map<string, number>();
  [resolve(root, 'index.html'), ...stages].forEach((start, stage) => {
    for (const id of reach(graph, [start], (m) => stageOf.has(m))) stageOf.set(id, stage);
  });
  const [home, ...others] = Object.values(FIRST_SCREENS).map(({ module }) => resolve(root, module));
  const screen = (page: string) => reach(graph, [page], (m) => stageOf.has(m));
  const elsewhere = new Set(others.flatMap((page) => [...screen(page)]));
  for (const id of screen(home!)) {
    if (id !== home && elsewhere.has(id)) stageOf.set(id, stages.length);
  }
  const loadedEarly = [...stageOf]
    .filter(([, stage]) => stage <= 1)
    .flatMap(([id]) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? [])
    .filter((id) => !stages.includes(id));
  const early = reach(graph, loadedEarly, (id) => stages.includes(id), true);
  const chunkNames = new Map<string, string>();
  for (const [id, stage] of stageOf) {
    if (stage > 0) chunkNames.set(id, names[early.has(id) ? 0 : stage - 1]!);
  }
  return chunkNames;
}

export function bootChunks(): Plugin {
  let root = process.cwd();
  let chunkNames: Map<string, string> | undefined;
  return {
    name: 'guap:boot-chunks',
    // The app's build only: the server's bundle is one file (scripts/ssrBundle.ts).
    apply: (config, env) => env.command === 'build' && !config.build?.ssr,
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  debugName: 'the start, by stage',
                  name: (id, graph) => (chunkNames ??= stageChunkNames(graph, root)).get(id) ?? null,
                  // A module's imports stay where their own stage puts them.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    }),
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      chunkNames = undefined;
    },
  };
}
