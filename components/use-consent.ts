import { useSyncExternalStore } from 'react'
import { consentSettingsOpen, getConsent, subscribeConsent } from './consent.ts'

// React's view of the consent gate; kept apart so the gate itself (and Google Analytics' lazily loaded code) needs no React

/** The visitor's answer, or undefined while rendering on the server and hydrating (only the browser knows it). */
export const useConsent = () => useSyncExternalStore(subscribeConsent, getConsent, () => undefined)
export const useConsentSettingsOpen = () => useSyncExternalStore(subscribeConsent, consentSettingsOpen, () => false)
