import { describe, expect, it } from 'vitest'
import { DEPOSIT_EVENT_CODE, findEventCode, FTD_EVENT_CODE, REVSHARE_EVENT_CODE } from './event-codes.ts'

/** How programmes and trackers name the iGaming goals in their postbacks and reports. */
describe('goal names programmes use', () => {
  it.each(['CPA', 'cpa', 'FTD', 'first deposit', 'First-Deposit', 'first_deposit', '1011', 'First Deposit (FTD)'])('%j is a first deposit', (name) => {
    expect(findEventCode(name)?.code).toBe(FTD_EVENT_CODE)
  })
  it.each(['CPL', 'cpl', 'Registration', 'signup', 'sign-up', 'sign up', 'reg', 'REGISTRATION'])('%j is a registration', (name) => {
    expect(findEventCode(name)?.name).toBe('Registration')
  })
  it.each(['rev share', 'Rev Share', 'revshare', 'RevShare', 'rev_share', 'rev-share', 'revenue share', 'Revenue Share', 'revenue_share', 'Revenue share (adjustment)'])('%j is a revenue share adjustment', (name) => {
    expect(findEventCode(name)?.code).toBe(REVSHARE_EVENT_CODE)
  })
  it('keeps the codes and names it knew', () => {
    expect(findEventCode('deposit')?.code).toBe(DEPOSIT_EVENT_CODE)
    expect(findEventCode('Lead')?.code).toBe(1001)
    expect(findEventCode(' sale ')?.code).toBe(1006)
    expect(findEventCode('nope')).toBeUndefined()
    expect(findEventCode('')).toBeUndefined()
    expect(findEventCode('constructor')).toBeUndefined()
  })
})
