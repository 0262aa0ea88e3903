import type { Command } from 'commander'
import { type Market, marketPrefix } from '../../lib/markets.ts'
import { addListCommand, CliError, type CliHelpers, readInput } from '../output.ts'

const describe = (m: Market) =>
  [
    `${m.name} (${m.key})`,
    `  address      ${marketPrefix(m)}/…`,
    `  serves       ${m.countries.join(', ')}`,
    `  language     ${m.language}, amounts in ${m.currency}`,
    `  minimum age  ${m.minimumAge}+`,
    `  bonuses      ${m.rules.showBonuses ? 'shown' : `hidden: "${m.rules.noBonusText}"`}`,
    `  licences     ${m.rules.licensedBy.length ? `only brands licensed by ${m.rules.licensedBy.join(' or ')}` : 'any brand'}`,
    `  terms        ${m.rules.requireTerms ? 'an offer without significant terms is not listed' : 'shown where the brand has them'}`,
    `  safer line   ${m.rules.saferGamblingLine || '(none)'}`,
    `  help         ${m.helpCountry || 'international'}`,
    `  articles     ${m.listsSharedArticles === false ? 'its own only' : 'its own and those for every market'}`,
    `  legal pages  ${m.legalPages.length ? m.legalPages.map((s) => `/info/${s}`).join(', ') : '(the site’s)'}`,
  ].join('\n')

/**
 * `markets list|show|save` (issue 23): the markets a site serves under their URL prefixes, with their
 * offer rules. `save FILE` creates or replaces one from JSON (the API's body), with the same checks.
 */
export function registerMarketsCommands(program: Command, helpers: CliHelpers) {
  const { withContext, out, example } = helpers
  const markets = program.command('markets').description('markets: URL prefixes, languages and offer rules (also in /admin, Markets)')
  addListCommand(markets, helpers, {
    description: 'list markets: key, address, language, minimum age and whether bonuses show',
    examples: ['bun run cli -- markets list', 'bun run cli -- --json markets list'],
    list: async (ctx) => ctx.services.markets.list(),
    head: ['default /         en      18+  bonuses shown   International (every unprefixed address)'],
    line: (m) => `${m.key.padEnd(8)}${`${marketPrefix(m)}/`.padEnd(10)}${m.language.padEnd(8)}${`${m.minimumAge}+`.padEnd(5)}${(m.rules.showBonuses ? 'bonuses shown' : 'bonuses hidden').padEnd(16)}${m.name}`,
    empty: 'No markets yet: every page is the default market’s. An admin adds markets in /admin (Markets), or: bun run cli -- markets save market.json',
  })
  markets
    .command('show <key>')
    .description("one market's settings and offer rules")
    .addHelpText('after', example('bun run cli -- markets show ca-on'))
    .action(async (key: string) => {
      const m = await withContext((ctx) => ctx.services.markets.get(key))
      out(m, describe(m))
    })
  markets
    .command('save <file>')
    .description('create a market from a JSON file, or replace the one with its key (the API body of POST /api/markets)')
    .addHelpText('after', example('bun run cli -- markets save ontario.json'))
    .action(async (file: string) => {
      let input: unknown
      try {
        input = JSON.parse(readInput(file))
      } catch (err) {
        throw new CliError(`${file} is not JSON: ${(err as Error).message}`)
      }
      const key = String((input as { key?: unknown })?.key ?? '')
      const { saved, created } = await withContext(async (ctx) => {
        const exists = ctx.services.markets.list().some((m) => m.key === key.toLowerCase())
        return { saved: exists ? await ctx.services.markets.update(key.toLowerCase(), input) : await ctx.services.markets.create(input), created: !exists }
      })
      out(saved, `${created ? 'Created' : 'Saved'} market ${saved.key}: ${marketPrefix(saved)}/ in ${saved.language}.`)
    })
}
