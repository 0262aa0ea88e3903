/**
 * One correction to Vike's server runtime, applied as its file loads (a Bun runtime plugin), never by
 * editing node_modules: `catchInfiniteLoop` (vike/dist/utils/catchInfiniteLoop.js), a guard Vike calls once
 * per page render with a key of the request's own, walked every key of the last 5 seconds on every call to
 * drop the old ones. At 350 uncached renders a second that is 1,750 keys per render, 12 % of an uncached
 * home page's CPU, and more the faster renders come (profiled with `bun --cpu-prof`, issue 37).
 *
 * The replacement keeps Vike's behaviour (the same count per key within 5 s, the same warning at half the
 * limit and the same error past it) in a Map kept in creation order, so the expired keys are always at its
 * front and each call drops only those. It replaces exactly the text below: if a Vike upgrade changes the
 * file, nothing is replaced, Vike's own code runs, and `server/vike-patches.test.ts` fails so the next
 * engineer looks again.
 */
import { plugin } from 'bun'

/** The body of Vike 0.4's function this replaces, as shipped. */
export const ORIGINAL = `const trackers = {};
const maxCalls = 99;
const time = 5 * 1000;
function catchInfiniteLoop(functionName) {
    // Init
    const now = new Date().getTime();
    // Clean all outdated trackers
    Object.keys(trackers).forEach((key) => {
        const tracker = trackers[key];
        const elapsedTime = now - tracker.startTime;
        if (elapsedTime > time)
            delete trackers[key];
    });
    const tracker = (trackers[functionName] ?? (trackers[functionName] = { count: 0, startTime: now }));`

export const REPLACEMENT = `const trackers = new Map();
const maxCalls = 99;
const time = 5 * 1000;
function catchInfiniteLoop(functionName) {
    // Init
    const now = Date.now();
    // Clean outdated trackers: created in time order, so the outdated ones are the Map's first
    for (const [key, t] of trackers) {
        if (now - t.startTime <= time) break;
        trackers.delete(key);
    }
    let tracker = trackers.get(functionName);
    if (!tracker) trackers.set(functionName, (tracker = { count: 0, startTime: now }));`

/** Vike's file with the replacement, or null when it is not the text this was written for. */
export function patchCatchInfiniteLoop(source: string): string | null {
  return source.includes(ORIGINAL) ? source.replace(ORIGINAL, REPLACEMENT) : null
}

export const CATCH_INFINITE_LOOP = /[\\/]vike[\\/]dist[\\/]utils[\\/]catchInfiniteLoop\.js$/

let registered = false
/** Registers the plugin (once): call before anything imports `vike/server`. */
export function applyVikePatches(warn: (message: string) => void = console.warn) {
  if (registered) return
  registered = true
  plugin({
    name: 'gamewise:vike-catch-infinite-loop',
    setup(build) {
      build.onLoad({ filter: CATCH_INFINITE_LOOP }, async ({ path }) => {
        const source = await Bun.file(path).text()
        const patched = patchCatchInfiniteLoop(source)
        if (patched === null) warn(`server/vike-patches.ts: ${path} is not the text it was written for; Vike's own catchInfiniteLoop runs`)
        return { contents: patched ?? source, loader: 'js' }
      })
    },
  })
}
