// zod probes `new Function` as each object schema is built, to pick a compiled fast path; under the
// app's CSP (no eval) that probe is refused and reported as a violation. Interpreted validation is
// plenty for the app's response sizes. zod takes its config from `globalThis.__zod_globalConfig`
// when its core first loads, so this sets it there from a plain script that index.html runs before
// any module: set from inside the bundle it ran only after the chunks the entry imports, and a
// schema built at the top of one of them had already probed (it did once the build put zod in a
// chunk shared with lib code). Not bundled (public/), so no build can reorder it.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
