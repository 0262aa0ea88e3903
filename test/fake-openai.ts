/**
 * A local OpenAI-compatible chat-completions server (POST /v1/chat/completions) for tests: the
 * product's AI writer talks to it over real HTTP. Each request takes the next queued behaviour,
 * or `valid` when the queue is empty.
 */
export type FakeAiBehaviour = 'valid' | 'not-json' | 'wrong-sections' | 'hang' | 'error' | 'no-json-schema'

function content(sections: number) {
  return {
    summary: [
      { title: 'Key point', text: 'A generated summary point.' },
      { title: 'Second point', text: 'Another generated point.' },
    ],
    body: Array.from({ length: sections }, (_, i) => ({
      headline: `Generated section ${i + 1}`,
      content: `Generated content for section ${i + 1}, mentioning bankroll basics.`,
      keywords: ['generated', `section ${i + 1}`],
      hyperlinks: [{ text: 'bankroll basics', url: '/article/bankroll-management-basics' }],
      subsections: [{ subheading: `Detail ${i + 1}`, content: 'A generated subsection.' }],
    })),
    imageAlt: 'Chips and cards on a green felt table',
  }
}

export function startFakeOpenAi() {
  const queue: FakeAiBehaviour[] = []
  const requests: { body: any; authorization: string | null }[] = []
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url)
      if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') return Response.json({ error: { message: 'not found' } }, { status: 404 })
      const body = await req.json()
      requests.push({ body, authorization: req.headers.get('authorization') })
      const behaviour = queue.shift() ?? 'valid'
      const fromSchema = body.response_format?.json_schema?.schema?.properties?.body?.minItems
      const fromPrompt = Number(String(body.messages?.at(-1)?.content ?? '').match(/exactly (\d+) sections/)?.[1])
      const sections = Number(fromSchema ?? fromPrompt ?? 5)
      const reply = (text: string) =>
        Response.json({ id: 'chatcmpl-fake', object: 'chat.completion', model: body.model, choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }] })
      switch (behaviour) {
        case 'hang':
          await Bun.sleep(30_000)
          return reply('{}')
        case 'error':
          return Response.json({ error: { message: 'overloaded' } }, { status: 500 })
        case 'no-json-schema':
          if (body.response_format?.type === 'json_schema') return Response.json({ error: { message: 'response_format json_schema unsupported' } }, { status: 400 })
          return reply(JSON.stringify(content(sections)))
        case 'not-json':
          return reply('Sure! Here is your article: ...')
        case 'wrong-sections':
          return reply(JSON.stringify(content(sections + 1)))
        default:
          return reply(JSON.stringify(content(sections)))
      }
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/v1`,
    queue,
    requests,
    stop: () => server.stop(true),
  }
}
