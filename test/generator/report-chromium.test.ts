// The interop report in a real browser: Debian's headless Chromium renders the page
// with scripts disabled, takes a screenshot (a real PNG of the window's size, not a blank one)
// and dumps the DOM it built, which holds every table with one row per model row. Without
// chromium on the machine the test is skipped and says so (.ci/run installs it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect } from 'vitest';
import { loadSpec } from '../../generator/report/load.ts';
import { buildSpecReport } from '../../generator/report/model.ts';
import { renderReport, reportContext } from '../../generator/report/render.ts';
import { projectRoot } from '../helpers/spec-fixture.ts';
import { tableRows } from './report-html.ts';
import { itIf, type Requirement } from '../helpers/requires.ts';

function findChromium(): string | undefined {
  for (const name of ['chromium', 'chromium-browser']) {
    const r = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim()) return r.stdout.trim();
  }
  return undefined;
}

const chromium = findChromium();
const CHROMIUM: Requirement = {
  what: 'Chromium',
  available: chromium !== undefined,
  missing: 'no chromium on this machine',
  enable: "install Debian's chromium (.ci/run does)",
};
const WIDTH = 1280;
const HEIGHT = 1600;

/** Width, height and the inflated pixel rows of a PNG (PNG spec §11.2.2 IHDR, §11.2.4 IDAT). */
function readPng(bytes: Buffer): { width: number; height: number; pixels: Buffer } {
  expect(bytes.subarray(0, 8)).toEqual(
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  );
  expect(bytes.toString('latin1', 12, 16)).toBe('IHDR');
  const idat: Buffer[] = [];
  for (let at = 8; at < bytes.length;) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return {
    width: bytes.readUInt32BE(16),
    height: bytes.readUInt32BE(20),
    pixels: inflateSync(Buffer.concat(idat)),
  };
}

describe('the interop report in headless Chromium', () => {
  const work = mkdtempSync(join(tmpdir(), 'wopgen-report-chromium-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  itIf(CHROMIUM)(
    'renders its tables and a screenshot',
    () => {
      const loaded = loadSpec(join(projectRoot, 'spec'));
      const spec = buildSpecReport(loaded.model!, loaded.mapUpdated);
      const page = join(work, 'spec-report.html');
      writeFileSync(page, renderReport(reportContext(spec, null)).html);
      const url = pathToFileURL(page).href;
      const common = [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-javascript',
        '--hide-scrollbars',
        `--user-data-dir=${join(work, 'profile')}`,
        `--window-size=${WIDTH},${HEIGHT}`,
      ];
      const png = join(work, 'report.png');
      const shot = spawnSync(chromium!, [...common, `--screenshot=${png}`, url], {
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(shot.status, shot.stderr).toBe(0);
      const image = readPng(readFileSync(png));
      expect([image.width, image.height]).toEqual([WIDTH, HEIGHT]);
      // A page of text and tables: many distinct byte values, not one blank colour.
      expect(new Set(image.pixels).size).toBeGreaterThan(64);

      const dump = spawnSync(chromium!, [...common, '--dump-dom', url], {
        encoding: 'utf8',
        timeout: 120_000,
        maxBuffer: 16 * 1024 * 1024,
      });
      expect(dump.status, dump.stderr).toBe(0);
      const dom = dump.stdout;
      expect(dom).toContain('<h1>Interop report: ');
      expect(tableRows(dom, 'a2a-rows')).toHaveLength(spec.a2a.length);
      expect(tableRows(dom, 'mcp-rows')).toHaveLength(spec.mcp.length);
      expect(tableRows(dom, 'negotiation-rows')).toHaveLength(spec.negotiation.length);
      expect(tableRows(dom, 'error-rows')).toHaveLength(spec.errors.length);
      expect(tableRows(dom, 'mcp-error-rows')).toHaveLength(spec.mcpErrors.length);
      expect(tableRows(dom, 'a2a-rows')[0]).toContain('<code>sendMessageStart</code>');
    },
    240_000,
  );
});
