// The chain tests' setting: the TronGrid stand-in (tron-standin.ts) and two app instances on one database polling it.
import { startTestApp, type TestContext } from './helpers.js';
import { TronStandIn } from './tron-standin.js';

/** The stand-in, then instance A with `env(the stand-in's URL)` and instance B on A's database with the same. */
export async function startChainApps(env: (chainUrl: string) => Record<string, string>): Promise<{ chain: TronStandIn; a: TestContext; b: TestContext }> {
  const chain = await new TronStandIn().start();
  const a = await startTestApp(env(chain.url));
  const b = await startTestApp(env(chain.url), { databaseUrl: a.databaseUrl });
  return { chain, a, b };
}

/** Closes the instances as the tests left them (restarted or not), then the stand-in; any may be missing. */
export async function stopChainApps(a: TestContext | undefined, b: TestContext | undefined, chain: TronStandIn | undefined) {
  await a?.close();
  await b?.close();
  await chain?.stop();
}
