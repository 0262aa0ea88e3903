import type { ReadablePostType } from '../../lib/schemas.ts'
import * as z from 'zod'
import { bodySectionSchema, imageAltSchema, type PostContent, summaryPointSchema } from '../../lib/schemas.ts'
import { AppError } from '../errors.ts'

export { AI_SECTION_CHOICES } from '../../lib/ai-writing.ts'
export const AI_ATTEMPTS = 3 // one try and up to two retries on invalid output

export type AiConfig = { baseUrl?: string; apiKey?: string; model?: string; timeoutMs: number }
export type GenerateRequest = { title: string; kind: ReadablePostType; sections: number; imageUrl?: string; position?: number }

const strictSection = bodySectionSchema.extend({
  keywords: z.array(z.string().max(100)).max(12),
  hyperlinks: z.array(z.object({ text: z.string().max(200), url: z.string().max(2048) })).max(6),
  subsections: z.array(z.object({ subheading: z.string().max(500), content: z.string().max(20_000) })).max(6),
})

/**
 * What the model must return: a summary and exactly `sections` body sections, and a proposed alt text
 * for the lead image (issue 12). The proposal is a suggestion the editor reviews: one that breaks the
 * alt text rules (too long, control characters) is dropped, never a reason to fail the whole answer.
 */
export function generatedContentSchema(sections: number) {
  return z.object({
    summary: z.array(summaryPointSchema).min(1).max(10),
    body: z.array(strictSection).length(sections, `expected exactly ${sections} body sections`),
    imageAlt: imageAltSchema.optional().catch(undefined),
  })
}
export type GeneratedContent = PostContent & { imageAlt?: string }

/** The same shape as JSON Schema, for endpoints that honour `response_format: json_schema`. */
function jsonSchema(sections: number) {
  const str = { type: 'string' }
  const obj = (properties: Record<string, unknown>) => ({ type: 'object', additionalProperties: false, required: Object.keys(properties), properties })
  return obj({
    summary: { type: 'array', minItems: 1, maxItems: 10, items: obj({ title: str, text: str }) },
    body: {
      type: 'array',
      minItems: sections,
      maxItems: sections,
      items: obj({
        headline: str,
        content: str,
        keywords: { type: 'array', items: str },
        hyperlinks: { type: 'array', items: obj({ text: str, url: str }) },
        subsections: { type: 'array', items: obj({ subheading: str, content: str }) },
      }),
    },
    imageAlt: str,
  })
}

function prompt(req: GenerateRequest) {
  const what = { featured: 'the featured guide on the home page', article: 'an article', articleBottom: 'a short recommended read' }[req.kind]
  return [
    {
      role: 'system',
      content:
        'You write accurate, helpful articles for a gaming and iGaming news-and-guides site. Encourage responsible play; never promise winnings. ' +
        'Answer with JSON only, matching the schema you are given.',
    },
    {
      role: 'user',
      content:
        `Write ${what} titled "${req.title}". Return {"summary": [{"title","text"}, ...3 to 5 points], "body": [exactly ${req.sections} sections]}. ` +
        'Each section has "headline", "content" (2 to 4 sentences of plain text, no HTML or Markdown), "keywords" (3 short phrases), ' +
        '"hyperlinks" (0 to 2 items of {"text","url"} where text appears in content and url is an https URL or a path like /article/some-id), ' +
        'and "subsections" (1 or 2 items of {"subheading","content"}). ' +
        `Also return "imageAlt": one plain sentence of at most 120 characters saying what a fitting lead image for this piece shows, for people who cannot see it${req.imageUrl ? ` (the chosen image: ${req.imageUrl})` : ''}.`,
    },
  ]
}

/**
 * AI writing through any OpenAI-compatible chat-completions endpoint (OpenAI, Ollama, vLLM,
 * llama.cpp server). Output is validated with zod and retried; unvalidated text never leaves here.
 */
export function createAiWriter(config: AiConfig, doFetch: typeof fetch = fetch) {
  const configured = Boolean(config.baseUrl && config.model)

  async function complete(req: GenerateRequest, signal: AbortSignal, format: 'json_schema' | 'json_object'): Promise<Response> {
    const response_format =
      format === 'json_schema' ? { type: 'json_schema', json_schema: { name: 'post_content', strict: true, schema: jsonSchema(req.sections) } } : { type: 'json_object' }
    return doFetch(new URL('chat/completions', config.baseUrl!.replace(/\/?$/, '/')), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
      body: JSON.stringify({ model: config.model, messages: prompt(req), response_format, temperature: 0.7 }),
      signal,
    })
  }

  return {
    configured,
    async generate(req: GenerateRequest): Promise<GeneratedContent> {
      if (!configured) throw new AppError('ai_not_configured', 'AI writing is not configured: set AI_BASE_URL and AI_MODEL (and AI_API_KEY if your provider needs one)')
      const schema = generatedContentSchema(req.sections)
      const signal = AbortSignal.timeout(config.timeoutMs) // one deadline for every attempt
      let format: 'json_schema' | 'json_object' = 'json_schema'
      for (let attempt = 1; attempt <= AI_ATTEMPTS; attempt++) {
        let res: Response
        try {
          res = await complete(req, signal, format)
          if (res.status === 400 && format === 'json_schema') {
            format = 'json_object' // an endpoint without JSON-schema support: ask for plain JSON instead
            res = await complete(req, signal, format)
          }
        } catch (err) {
          if (signal.aborted) throw new AppError('ai_timeout', `AI error: no answer within ${Math.round(config.timeoutMs / 1000)} s`)
          throw new AppError('ai_unreachable', `AI error: the provider is unreachable (${(err as Error).message})`)
        }
        if (!res.ok) throw new AppError('ai_unreachable', `AI error: the provider answered ${res.status}`)
        let text: unknown
        try {
          text = ((await res.json()) as { choices?: { message?: { content?: unknown } }[] }).choices?.[0]?.message?.content
        } catch {
          if (signal.aborted) throw new AppError('ai_timeout', `AI error: no answer within ${Math.round(config.timeoutMs / 1000)} s`)
          continue
        }
        if (typeof text !== 'string') continue
        try {
          const parsed = schema.safeParse(JSON.parse(text.replace(/^```(?:json)?\s*|\s*```$/g, '')))
          if (parsed.success) {
            const { imageAlt, ...content } = parsed.data
            return imageAlt ? { ...content, imageAlt } : content
          }
        } catch {
          // not JSON: try again
        }
      }
      throw new AppError('ai_invalid_content', 'AI did not return valid content')
    },
  }
}
export type AiWriter = ReturnType<typeof createAiWriter>
