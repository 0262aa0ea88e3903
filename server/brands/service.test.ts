import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createRegistry } from '../../db/registry.ts'
import { type BrandDoc, createBrandsRepository } from '../../db/repositories/brands.ts'
import { SqliteStore } from '../../db/sqlite/index.ts'
import { DEFAULT_MARKET } from '../../lib/markets.ts'
import { brandPage } from '../../test/factories.ts'
import { createBrandsService } from './service.ts'

describe('the offers a country sees, read once per render-cache generation', () => {
  const store = new SqliteStore(':memory:')
  const brands = createBrandsRepository(store, createRegistry(store))
  let generation = 1
  const service = createBrandsService({ brands, generation: () => generation })

  beforeAll(async () => {
    await brands.init()
    for (let i = 0; i < 3; i++) await brands.insert({ ...brandPage({ _id: `kept-${i}`, brandName: `Kept ${i}` }), logo: null, bannerImage: null } as BrandDoc)
  })

  it('reads the store once per generation, country and market, and hands each caller its own list', async () => {
    const list = vi.spyOn(brands, 'list')
    const first = await service.listOffers('GB', DEFAULT_MARKET)
    expect(first.map((o) => o._id)).toEqual(['kept-0', 'kept-1', 'kept-2'])
    first.splice(0) // a caller trimming its copy
    expect((await service.listOffers('GB', DEFAULT_MARKET)).map((o) => o._id)).toEqual(['kept-0', 'kept-1', 'kept-2'])
    expect(list).toHaveBeenCalledTimes(1)
    await service.listOffers('DE', DEFAULT_MARKET) // another country: its own read
    expect(list).toHaveBeenCalledTimes(2)

    await brands.insert({ ...brandPage({ _id: 'kept-3', brandName: 'Kept 3' }), logo: null, bannerImage: null } as BrandDoc)
    generation++ // what the write's render-cache clear does
    expect((await service.listOffers('GB', DEFAULT_MARKET)).map((o) => o._id)).toContain('kept-3')
    expect(list).toHaveBeenCalledTimes(3)
  })

  it('without a generation (the CLI), reads every time', async () => {
    const plain = createBrandsService({ brands })
    const list = vi.spyOn(brands, 'list')
    list.mockClear()
    await plain.listOffers('GB')
    await plain.listOffers('GB')
    expect(list).toHaveBeenCalledTimes(2)
  })
})
