/**
 * The ceiling `bench/run.ts` measures against: a bare Bun.serve answering one file as a static string,
 * in a process of its own as the server under test is (in the bench's own process it would share a
 * thread with the built-in load client, and flatter every ratio). Prints its port, then serves until killed.
 *
 * bun bench/ceiling.ts <file>
 */
const body = await Bun.file(process.argv[2]!).text()
const server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response(body, { headers: { 'Content-Type': 'text/html;charset=utf-8' } }) })
console.log(server.port)

export {}
