// Waits for a memory following a change log (adapters/storage/followed-memory.ts) to be loaded
// and brought up to its counter's value.
export async function upToDate<Memory>(
  memory: { at(current: number): Promise<Memory | null> },
  version: () => Promise<number>,
): Promise<Memory> {
  for (let waited = 0; waited < 200; waited += 1) {
    const held = await memory.at(await version());
    if (held !== null) return held;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the memory was not loaded');
}
