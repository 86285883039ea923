// Messages from the bench server (bench/games-load/server.mjs) over the IPC channel, by their `type`: shared by
// bench/games.mjs and bench/games-load/ab.mjs.

/**
 * `answer(type)` resolves with the server's next message of that type and rejects if the server exits first;
 * `ask(message, type)` sends a message and waits for the answer of that type; `server` is the child process.
 */
export function ipcAnswers(server) {
  const waiting = new Map();
  server.on('message', (message) => {
    const resolve = waiting.get(message?.type);
    if (resolve) {
      waiting.delete(message.type);
      resolve(message);
    }
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const answer = (type) =>
    Promise.race([
      new Promise((resolve) => waiting.set(type, resolve)),
      exited.then((code) => {
        throw new Error(`bench server exited (${code}) before '${type}'`);
      }),
    ]);
  const ask = (message, type) => {
    const reply = answer(type);
    server.send(message);
    return reply;
  };
  return { answer, ask, exited, server };
}
