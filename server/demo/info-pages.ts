import type { DefaultInfoSlug } from '../../lib/info-pages.ts'

/**
 * The default info pages, written to match what this software actually does with its default
 * settings (click counting, consent, storage). Starting points for an operator to review, not legal
 * advice; editors change them in /admin. Contact addresses use the reserved .example domain.
 */
export type DefaultInfoPage = { slug: DefaultInfoSlug; title: string; seoTitle: string; seoDescription: string; body: string }

const responsibleGambling = `Gambling should be entertainment you pay for, like a cinema ticket, never a way to make money or to win back losses. GameWise is for adults: you must be of legal gambling age where you live (stated above for this edition) to gamble, and to use the offers on this site.

## Keep it fun

- Decide before you start how much money and time you can afford to lose, and stop when you reach it.
- Treat a bonus as a way to play, not as free money: read its wagering terms first.
- Never chase losses, and never gamble with money meant for rent, bills or food.
- Don't gamble when you are upset, stressed or have been drinking.
- Take breaks, and keep other hobbies and people in your life.

## Signs it may be a problem

- You spend more money or time than you meant to, or hide how much.
- You borrow money, or sell things, to gamble.
- You feel anxious, guilty or irritable about gambling, or when you try to stop.
- Gambling causes arguments, or gets in the way of work, study or family.

If any of this sounds familiar, talking to someone helps. The organisations under **Where to get help** below are free and confidential.

## Tools that help

- **Deposit, loss and time limits**: every licensed operator offers them in your account settings.
- **Time-outs and self-exclusion**: block yourself from one operator, or from every licensed operator at once where your country has a national scheme (GamStop in Great Britain, BetStop in Australia).
- **Blocking software and bank blocks**: many banks let you block gambling payments on your card.`

const affiliateDisclosure = `GameWise is free to read because we are paid by some of the brands we write about. We want you to know exactly how.

## How we earn money

Links and buttons to operators (such as **Play** and **Claim Bonus**) are affiliate links. When you follow one, we record the click and the operator may pay us a commission if you then sign up or deposit. You never pay more because you came through us.

## What this means for our content

- Commercial relationships can influence which brands we feature and where they appear in lists.
- They do not buy a rating: our reviews follow the same criteria for every brand (licence, fairness of bonus terms, payment speed, support and responsible-gambling tools), and we say when a brand falls short.
- Articles and guides are written by our editors, and we correct mistakes when we find them.

## What is recorded when you click

See our [privacy policy](/info/privacy) for exactly what a click records and what the operator receives.

If you think something on the site is unclear or misleading, please [tell us](/info/contact).`

const privacy = `This policy explains what GameWise records when you use the site, why, and for how long. We collect as little as we can.

## Reading the site

You can read every page without an account. Until you agree to analytics or the device id below, the site stores nothing in your browser except your choice. Our servers keep a log line for each request (the page's route, the answer's status and how long it took) without your address, the query string, cookies or other headers.

## When you click an offer

Offer links go through our own address (\`/go/…\`) before sending you to the operator, so we can count clicks and be paid for them. For each click we store:

- the brand, the time and a random click id;
- your browser's user-agent string (its name and version);
- a **visitor hash**: a one-way, salted hash of your network address (your IPv4 address, or the network part of an IPv6 address), used only to count one unique click per visitor per brand per hour and to set apart unusually many clicks from one network. Your **IP address itself is never stored** with a click;
- campaign parameters the link carried (for example \`sub1\`), and the device id described below, if there is one.

The operator receives the click id, and depending on the brand, your user agent, the device id and fixed campaign parameters, so it can report a sign-up or deposit back to us. Operators report conversions by click id only (the goal, the amount and a transaction id); they do not send us your name or account details.

When you open a page we count a view the same way (one per visitor hash per page per hour): only daily totals per page are kept.

Automated visitors (search engines, link previews) are counted separately and not as people.

## Optional analytics and the device id, only with your consent

- **Analytics**: if the site's operator enables Google Analytics, it loads only after you agree to it, and records the pages you view.
- **Device id (\`gaid\`)**: a random id kept in your browser's local storage and added to offer links, so an operator can recognise a returning device. It is created only after you agree.

You can change your choice at any time with **Cookie Settings** at the bottom of every page. See the [cookie policy](/info/cookies) for what is stored in your browser.

## Protecting the site

To stop abuse, sign-up and log-in attempts are counted per network address; these counters expire within an hour. Editor accounts (for the people who write the site) hold a username, a hashed password and session records.

## Newsletter

The newsletter form is not active yet: what you type there stays in your browser and is never sent to us.

## How long we keep things

Unique-click and view markers expire after the hour they cover, and the log of operators' conversion reports after 30 days. Click and conversion records and daily totals are kept while we need them to reconcile commissions with operators.

## Your rights

You can ask what we hold about you, and ask us to correct or delete it. Because we store no names, emails or IP addresses for readers, we usually cannot link a click to you unless you give us your device id. Write to us through the [contact page](/info/contact).`

const terms = `By using GameWise you agree to these terms. If you don't agree, please don't use the site.

## Who may use the site

The site is for adults. Offers and links to gambling operators are for people aged **18 or over** (or the legal age where you live, if higher), in countries where online gambling is legal. It is your responsibility to check the law where you are.

## Information, not advice

We work hard to keep reviews, bonus details and guides accurate, but offers, terms and odds change and operators can alter them at any time. Always read the operator's own terms before you sign up or deposit. Nothing on GameWise is financial or legal advice, and we do not accept bets or hold money.

## Links to other sites

We link to operators and other sites we do not control. Their terms and privacy policies apply once you leave GameWise. Some links earn us a commission; see our [affiliate disclosure](/info/affiliate-disclosure).

## Our content

Articles, reviews and images on the site belong to GameWise or its licensors. You may share links and short quotes with attribution; please ask before copying more.

## Liability

We provide the site as it is. As far as the law allows, we are not liable for losses arising from your use of the site or of any operator you reach through it. Nothing here limits rights you have by law.

## Changes

We may update these terms; the date at the top of this page shows the latest version. Questions: see the [contact page](/info/contact).`

const cookies = `This page lists everything GameWise stores in your browser, and when.

## Before you agree to anything

Only **your consent choice**, so we don't ask on every page. Nothing for tracking or advertising.

## Only after you agree

- **\`gaid\` (local storage)**: a random device id added to offer links so an operator can recognise a returning device. Kept until you clear your browser's storage.
- **Google Analytics cookies** (names starting \`_ga\`): only if the site's operator enables analytics; they record the pages you view. See Google's own policy for how long they last.

## For editors only

People who log in to write the site keep a session token in the browser's session storage; it is gone when the tab closes.

## Changing your mind

Use **Cookie Settings** at the bottom of any page to change your choice, or clear this site's data in your browser settings. More in our [privacy policy](/info/privacy).`

const about = `GameWise is an independent site about gaming and iGaming: news, guides that explain how games and bonuses really work, and honest reviews of online casinos and betting sites.

## What we do

- **Guides** on odds, return to player (RTP), bonus terms and the mathematics behind the games.
- **Reviews** of operators against the same criteria every time: licence, bonus terms, payment speed, support and responsible-gambling tools.
- **News** from the gaming and esports world.

## How we are funded

Some operators pay us a commission when readers sign up through our links. That keeps the site free, and it never buys a rating: read our [affiliate disclosure](/info/affiliate-disclosure).

## Playing safely

We only feature offers for adults, and we link to free, confidential help on our [responsible gambling](/info/responsible-gambling) page.`

const contact = `We read every message.

- **Editorial** (corrections, tips, feedback): [editors@gamewise.example](mailto:editors@gamewise.example)
- **Partnerships and advertising**: [partners@gamewise.example](mailto:partners@gamewise.example)
- **Privacy requests**: [privacy@gamewise.example](mailto:privacy@gamewise.example)

## Problems with a casino account

We are not an operator and cannot see or change your account, deposits or withdrawals. Please contact the operator's support team, and if that does not resolve it, the regulator that licenses them.

## If gambling is causing you harm

You don't have to wait for a reply from us: free, confidential help is listed on our [responsible gambling](/info/responsible-gambling) page.`

export const defaultInfoPages: DefaultInfoPage[] = [
  {
    slug: 'responsible-gambling',
    title: 'Responsible gambling',
    seoTitle: 'Responsible gambling and where to get help',
    seoDescription: 'How to keep gambling fun, the signs of a problem, tools that help, and free, confidential help organisations in your country.',
    body: responsibleGambling,
  },
  {
    slug: 'affiliate-disclosure',
    title: 'Affiliate disclosure',
    seoTitle: 'Affiliate disclosure',
    seoDescription: 'How GameWise earns money from affiliate links, what that means for our reviews, and what a click on an offer records.',
    body: affiliateDisclosure,
  },
  {
    slug: 'privacy',
    title: 'Privacy policy',
    seoTitle: 'Privacy policy',
    seoDescription: 'What GameWise records when you read or click an offer: a salted visitor hash instead of your IP, and analytics only with your consent.',
    body: privacy,
  },
  {
    slug: 'terms',
    title: 'Terms of service',
    seoTitle: 'Terms of service',
    seoDescription: 'The terms for using GameWise: adults only, information rather than advice, links to operators, and our content.',
    body: terms,
  },
  {
    slug: 'cookies',
    title: 'Cookie policy',
    seoTitle: 'Cookie policy',
    seoDescription: 'Everything GameWise stores in your browser: only your consent choice by default; a device id and analytics cookies only after you agree.',
    body: cookies,
  },
  {
    slug: 'about',
    title: 'About GameWise',
    seoTitle: 'About GameWise',
    seoDescription: 'GameWise is an independent gaming and iGaming site: guides, honest reviews and news, funded by affiliate commissions.',
    body: about,
  },
  {
    slug: 'contact',
    title: 'Contact us',
    seoTitle: 'Contact GameWise',
    seoDescription: 'How to reach the GameWise editors, partnerships team and privacy contact, and where to get help with a casino account.',
    body: contact,
  },
]
