// Plain Node (no TypeScript loader) importing the installed package: prints what wopgen/runtime
// exports and what a prefix mount decides, as JSON for the package test.
import * as runtime from 'wopgen/runtime';

const seen = [];
const listener = runtime.mountUnder(
  '/openwop',
  (req) => seen.push(['host', req.url]),
  (req) => seen.push(['service', req.url]),
);
for (const url of ['/openwop', '/openwop/runs?x=1', '/openwopx', '/health']) listener({ url }, {});
process.stdout.write(
  JSON.stringify({
    names: Object.keys(runtime).sort(),
    baseUrl: runtime.defaultConfig('http://h/p/').baseUrl,
    version: runtime.HOST_VERSION,
    seen,
  }),
);
