/**
 * The server's import boundaries (eslint.config.js, `serverBoundaries`), each shown by a probe:
 * ESLint with the project's own configuration reads a line as if it stood in a file of the
 * repository, and refuses exactly the imports the architecture rules out.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The restricted-import messages ESLint gives `code` placed at `file` (relative to the root). */
async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: `${root}${file}` });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('server import boundaries', { timeout: 60_000 }, () => {
  it("refuses another module's inner file, and lets its index.ts through", async () => {
    const file = 'apps/server/src/modules/tariff/probe.ts';
    expect(await refusals(file, "import { plantScope } from '../plant/plant.repository.js';")).toEqual([
      expect.stringMatching(/through its index\.ts/),
    ]);
    expect(await refusals(file, "import { plantScope } from '../plant/index.js';")).toEqual([]);
    // its own inner files are its own
    expect(await refusals(file, "import { tariffRoutes } from './tariff.routes.js';")).toEqual([]);
  });

  it("refuses the ingest's inner files outside the ingest", async () => {
    expect(
      await refusals(
        'apps/server/src/modules/device/probe.ts',
        "import { IngestPipeline } from '../../ingest/pipeline.js';",
      ),
    ).toEqual([expect.stringMatching(/through its index\.ts/)]);
    expect(
      await refusals('apps/server/src/modules/device/probe.ts', "import { markOffline } from '../../ingest/index.js';"),
    ).toEqual([]);
  });

  it('refuses a module in infrastructure (plugins, lib)', async () => {
    for (const file of ['apps/server/src/plugins/probe.ts', 'apps/server/src/lib/probe.ts'])
      expect(await refusals(file, "import { plantModule } from '../modules/plant/index.js';")).toEqual([
        expect.stringMatching(/Infrastructure knows no domain/),
      ]);
  });

  it('refuses the simulator in the product, not in the demo launcher', async () => {
    const simulator = "import { startFleet } from '@pv/simulator';";
    for (const file of [
      'apps/server/src/main.ts',
      'apps/server/src/modules/device/probe.ts',
      'apps/server/src/ingest/probe.ts',
    ])
      expect(await refusals(file, simulator), file).toEqual([expect.stringMatching(/does not import the simulator/)]);
    expect(await refusals('apps/server/src/demo/probe.ts', simulator)).toEqual([]);
  });
});
