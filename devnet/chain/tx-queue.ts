/**
 * One transaction at a time per sender. viem picks the nonce from the node when it sends, so
 * two concurrent sends from the deployer (e.g. two faucet requests) would race for the same
 * nonce; chaining them per sender removes the race without a nonce manager.
 */
const tails = new Map<string, Promise<unknown>>();

export function serializeBySender<T>(sender: string, task: () => Promise<T>): Promise<T> {
  const key = sender.toLowerCase();
  const previous = tails.get(key) ?? Promise.resolve();
  const run = previous.then(task, task);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  tails.set(key, tail);
  // Drop the entry once idle so the map does not grow with every sender ever seen.
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  return run;
}
